// Text as the sensitive-word matcher sees it: Traditional folded to Simplified (opencc-js), full-width
// and compatibility forms folded (NFKC), lower case, and every character that is not a letter or a
// digit dropped — so 赌 博, 賭博 and 賭.博 all read 赌博 — with a map back to the original positions.
import { Converter } from 'opencc-js';

const toSimplified = Converter({ from: 'tw', to: 'cn' });
const KEPT = /[\p{L}\p{N}]/u;

export type Normalized = {
  text: string;
  /** For each UTF-16 unit of `text`: [start, end) of the original character it came from. */
  spans: [number, number][];
};

function fold(char: string) {
  return char.normalize('NFKC').toLowerCase();
}

export function normalizeForMatch(original: string): Normalized {
  const chars = Array.from(original);
  const whole = Array.from(toSimplified(original));
  // opencc works on phrases; when it keeps the length, its choice per character is used, else each
  // character is converted alone.
  const simplified = whole.length === chars.length ? whole : chars.map((char) => toSimplified(char));
  let text = '';
  const spans: [number, number][] = [];
  let offset = 0;
  chars.forEach((char, index) => {
    const start = offset;
    offset += char.length;
    for (const part of Array.from(fold(simplified[index] ?? char))) {
      if (!KEPT.test(part)) continue;
      text += part;
      for (let unit = 0; unit < part.length; unit += 1) spans.push([start, offset]);
    }
  });
  return { text, spans };
}

/** A word as stored and compared. */
export const normalizeWord = (word: string) => normalizeForMatch(word).text;
