// How text is keyed for search (issue 13): Traditional folded to Simplified (opencc-js), NFKC, lower
// case, spaces dropped; each Chinese character written as `Q` + its code point in upper-case hex, so
// pg_trgm (which, in the portal's C-locale database, sees only ASCII letters and digits as word
// characters) can index it; then the full pinyin and the pinyin initials (pinyin-pro), so 梅西 is
// found by 梅西, 梅西, `meixi` and `mx`. Queries go through the same folding.
import { Converter } from 'opencc-js';
import { pinyin } from 'pinyin-pro';

export { SEARCH_MAX_CHARS } from './limits';
/** pg_trgm extracts no trigram from a shorter pattern; such queries use the `grams` array instead. */
export const TRIGRAM_MIN_CHARS = 3;

const toSimplified = Converter({ from: 'tw', to: 'cn' });
const HAN = /\p{Script=Han}/u;
const KEPT = /[\p{L}\p{N}]/u;

/** Simplified, NFKC, lower case, only letters and digits. */
export function foldText(text: string) {
  let out = '';
  for (const char of Array.from(toSimplified(text.normalize('NFKC')).toLowerCase())) {
    if (KEPT.test(char)) out += char;
  }
  return out;
}

/** Chinese characters as `Q<HEX>`: upper case never occurs in folded text, so no Latin run can fake one. */
export function encodeHan(folded: string) {
  let out = '';
  for (const char of Array.from(folded)) {
    out += HAN.test(char) ? `Q${char.codePointAt(0)!.toString(16).toUpperCase()}` : char;
  }
  return out;
}

function pinyinOf(folded: string) {
  if (!HAN.test(folded)) return { full: '', initials: '', syllables: [] as string[] };
  const syllables = pinyin(folded, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true })
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  const initials = pinyin(folded, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' })
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  return { full: syllables.join(''), initials: initials.join(''), syllables };
}

/** The stored key of a row: each text's encoded form, full pinyin and initials, space separated. */
export function searchKey(texts: string[]) {
  const parts = new Set<string>();
  for (const text of texts) {
    const folded = foldText(text);
    if (!folded) continue;
    parts.add(encodeHan(folded));
    const { full, initials } = pinyinOf(folded);
    if (full) parts.add(full);
    if (initials) parts.add(initials);
  }
  return [...parts].join(' ');
}

/**
 * The one- and two-character Latin/digit prefixes of every word the key holds (words of the texts,
 * pinyin syllables, full pinyin, initials): what a query too short for trigrams is matched against.
 */
export function searchGrams(texts: string[]) {
  const grams = new Set<string>();
  const add = (word: string) => {
    const latin = word.replace(/[^a-z0-9]/g, '');
    if (latin.length >= 1) grams.add(latin.slice(0, 1));
    if (latin.length >= 2) grams.add(latin.slice(0, 2));
  };
  for (const text of texts) {
    const words = toSimplified(text.normalize('NFKC'))
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u);
    for (const word of words) {
      if (!word) continue;
      add(word);
      const folded = foldText(word);
      const { full, initials, syllables } = pinyinOf(folded);
      if (full) add(full);
      if (initials) add(initials);
      for (const syllable of syllables) add(syllable);
    }
  }
  return [...grams];
}

export type SearchPattern =
  | { kind: 'like'; pattern: string }
  | { kind: 'gram'; gram: string }
  | { kind: 'empty' };

/** What a query is matched with: a substring of the key (LIKE, trigram index) or a short prefix gram. */
export function searchPattern(query: string): SearchPattern {
  const encoded = encodeHan(foldText(query));
  if (!encoded) return { kind: 'empty' };
  if (encoded.length < TRIGRAM_MIN_CHARS) return { kind: 'gram', gram: encoded };
  return { kind: 'like', pattern: `%${encoded.replace(/[\\%_]/g, (c) => `\\${c}`)}%` };
}
