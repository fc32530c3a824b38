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

/**
 * A reason kept in an item's one text column (a post's or video's refusal or take-down, a private
 * message's removal): the code and the staff's words as written, `[ads] 直播间挂二维码`, so each reader
 * sees the code in their own language (`readReason`) and never the staff's translation of it.
 */
export const codedReason = (code: string, words: string) =>
  `[${code}]${words.trim() ? ` ${words.trim()}` : ''}`.slice(0, 200);

const CODED = /^\[([a-z_]+)\](?: ([\s\S]*))?$/;

/** A stored reason in the reader's language: a coded one translated (`codedReason`), older text as is. */
export function readReason(label: (code: string) => string, stored: string | null | undefined) {
  if (!stored) return '';
  const coded = CODED.exec(stored);
  return coded ? reasonText(label, coded[1], coded[2]) : stored;
}
