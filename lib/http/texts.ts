// Texts the shared client shows itself, set from the catalogs by the providers (kept apart from
// the client so the providers do not pull the HTTP library into every page's first load).
export const httpTexts = { error: 'Error' };

export function setHttpTexts(next: typeof httpTexts) {
  Object.assign(httpTexts, next);
}
