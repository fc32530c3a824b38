// The look of every form field, one place for the whole portal. Heights are added per use
// (`FIELD_CLASS h-11` on the login forms), so no two height utilities ever meet on one element.
export const FIELD_CLASS =
  'w-full rounded-md border border-line bg-surface px-3 text-sm text-ink-900 outline-none transition-colors hover:border-ink-300 focus:border-brand-400 focus:ring-2 focus:ring-brand-100';

export const INPUT_CLASS = `${FIELD_CLASS} h-10`;

export const LABEL_CLASS = 'mb-1.5 block text-sm font-medium text-ink-700';
