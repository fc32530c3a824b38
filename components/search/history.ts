// The reader's own searches, newest first, in localStorage `historyList` (spec §3 local settings).
export const HISTORY_KEY = 'historyList';
export const HISTORY_MAX = 10;

export function readHistory(): string[] {
  try {
    const stored = JSON.parse(localStorage.getItem(HISTORY_KEY) ?? '[]');
    return Array.isArray(stored)
      ? stored.filter((item) => typeof item === 'string').slice(0, HISTORY_MAX)
      : [];
  } catch {
    return [];
  }
}

export function rememberSearch(query: string) {
  const next = [query, ...readHistory().filter((item) => item !== query)].slice(0, HISTORY_MAX);
  localStorage.setItem(HISTORY_KEY, JSON.stringify(next));
}

export function clearHistory() {
  localStorage.removeItem(HISTORY_KEY);
}
