// Shared look of the account forms' inputs.
export const inputClass =
  'h-11 w-full rounded-md border border-line bg-surface px-3 text-sm text-ink-900 outline-none placeholder:text-ink-500 focus:border-brand-500';
