// Joins class names conditionally (clsx). Components avoid conflicting utilities instead of
// shipping a class merger to every page.
export { clsx as cn } from 'clsx';
