// A staff decision's reason as its reader sees it: the code in the reader's language
// (`im.notices.reasons.<code>`) and the staff's own words as written, `广告引流 · 直播间挂二维码`. A reason
// without a code (older seals) is its words alone.
export function reasonText(
  label: (code: string) => string,
  code: string | null | undefined,
  words: string | null | undefined,
) {
  return [code ? label(code) : '', words?.trim() ?? ''].filter(Boolean).join(' · ');
}
