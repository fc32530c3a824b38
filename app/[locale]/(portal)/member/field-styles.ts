// Shared look of the user-center form controls.
export const INPUT_CLASS =
  'h-10 w-full rounded-md border border-line bg-surface px-3 text-sm text-ink-900 outline-none transition-colors placeholder:text-ink-300 hover:border-ink-300 focus:border-brand-400 focus:ring-2 focus:ring-brand-100';

export const LABEL_CLASS = 'mb-1.5 block text-sm font-medium text-ink-700';
