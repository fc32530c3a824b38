import { levelOf, levelThreshold, MAX_LEVEL } from './level';

describe('levels', () => {
  it('starts at level 1 and climbs at 5·L·(L−1) points', () => {
    expect(levelOf(0)).toBe(1);
    expect(levelOf(99)).toBe(1);
    expect(levelOf(100)).toBe(2);
    expect(levelThreshold(3)).toBe(30);
    expect(levelOf(300)).toBe(3);
  });

  it('stops at the top level', () => {
    expect(levelOf(10 ** 9)).toBe(MAX_LEVEL);
  });
});
