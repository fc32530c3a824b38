// Where a redirect may go when the destination came from the request: a path of this site only,
// never another origin (`//host` or `https://…`).
export function sameSitePath(target: string | undefined, fallback: string) {
  return target?.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : fallback;
}
