// Play types, picks and grading shared by expert plans (lib/experts) and match-bound guesses.
export * from './grade';
export * from './markets';
