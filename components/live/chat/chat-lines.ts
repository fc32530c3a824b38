// The room chat's lines: a message, or a notice the room shows between them (someone entered, was muted
// or unmuted, made an administrator, a goal the viewer's video just showed), and the pure changes the
// list applies to them.
import type { ChatMessage } from '@/lib/realtime/events';

export type Notice =
  | { kind: 'enter'; name: string; level: number; noble?: number }
  | { kind: 'taboo'; name: string; minutes: number }
  | { kind: 'relieve'; name: string }
  | { kind: 'admin'; name: string; admin: boolean }
  | { kind: 'goal'; minute: string; home: string; away: string; score: string };
export type Line = { key: string; message: ChatMessage } | { key: string; notice: Notice };

let noticeCounter = 0;
export function noticeLine(notice: Notice): Line {
  noticeCounter += 1;
  return { key: `n${noticeCounter}`, notice };
}
export const messageLine = (message: ChatMessage): Line => ({ key: `m${message.id}`, message });

/**
 * A line staff restored goes back before the first later line (ids grow with time); one older than every
 * line loaded stays for the history's next page, and one already shown is left alone.
 */
export function restoredInPlace(current: Line[], message: ChatMessage) {
  const line = messageLine(message);
  if (current.some((known) => known.key === line.key)) return current;
  const at = current.findIndex((known) => 'message' in known && known.message.id > message.id);
  if (at === 0 || (at < 0 && !current.some((known) => 'message' in known))) return current;
  return at < 0 ? [...current, line] : [...current.slice(0, at), line, ...current.slice(at)];
}

export function firstMessageId(lines: Line[]) {
  for (const line of lines) if ('message' in line) return line.message.id;
  return undefined;
}
