// Reads one cookie out of a Cookie header (server) or document.cookie (browser).
export function cookieValue(cookieHeader: string | null | undefined, name: string) {
  return cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}
