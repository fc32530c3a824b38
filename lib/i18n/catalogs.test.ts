// Every key in every locale, the same ICU arguments everywhere, and no literal user-visible text in
// components: all of it must come from the catalogs.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { catalogs } from './messages';
import { LOCALES } from './routing';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[prefix + key, value]]
        : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

const flat = Object.fromEntries(
  LOCALES.map((locale) => [locale, flatten(catalogs[locale] as unknown as Tree)]),
);
const allKeys = [...new Set(Object.values(flat).flatMap((entries) => Object.keys(entries)))].sort();
// An argument is `{name}` or `{name, type…`; a plural branch's text (`=1 {Send a gift}`) is not one.
const icuArguments = (text: string) =>
  [...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => match[1]).sort();

describe.each(LOCALES)('catalog %s', (locale) => {
  it('has every key', () => {
    expect(allKeys.filter((key) => !(key in flat[locale]!))).toEqual([]);
  });

  it('has no empty text and the same ICU arguments as zh-CN', () => {
    for (const key of allKeys) {
      const text = flat[locale]![key] ?? '';
      expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
      expect({ key, icuArguments: icuArguments(text) }).toEqual({
        key,
        icuArguments: icuArguments(flat['zh-CN']![key]!),
      });
    }
  });
});

/** A value's words: ICU arguments and rich-text tags left out. */
const wordsOf = (text: string) => text.replace(/\{[^{}]*\}/g, ' ').replace(/<\/?\w+>/g, ' ');
/** A word twice in a row ("Đăng lúc lúc", "the the"), what an edit that joins two phrasings leaves. */
const DOUBLED = /(?<![\p{L}\p{M}\p{N}])(\p{L}[\p{L}\p{M}]+)\s+\1(?![\p{L}\p{M}\p{N}])/iu;

describe.each(LOCALES)('catalog %s reads as written', (locale) => {
  it('has no word twice in a row', () => {
    const doubled = Object.entries(flat[locale]!)
      .filter(([, text]) => DOUBLED.test(wordsOf(text)))
      .map(([key, text]) => `${key}: ${text}`);
    expect(doubled).toEqual([]);
  });
});

/**
 * Texts the same as English on purpose: names (languages, platforms, payment brands), codes and units,
 * and, in Vietnamese, the English words its sports and streaming readers use (streamer, video, fan club).
 */
const SAME_AS_ENGLISH: Record<'zh' | 'vi', Set<string>> = {
  zh: new Set([
    'English',
    'Tiếng Việt',
    'ID',
    'Android',
    'iPhone / iPad',
    '{home} vs {away}',
    'Lv{level}',
    'Lv.{level}',
    'Lv.{from} – Lv.{to}',
    'VNPay',
  ]),
  vi: new Set([
    'English',
    'Tiếng Việt',
    'ID',
    'ID: {id}',
    'Android',
    'iPhone / iPad',
    '{home} vs {away}',
    'vs',
    'Lv{level}',
    'Lv.{level}',
    'Lv.{from} – Lv.{to}',
    'VNPay',
    'Alipay',
    'Kickoff Live',
    'Fan{digits}',
    'FPS',
    'Bitrate',
    'Banner',
    'Pop-up',
    'Streamer',
    'Video',
    'video',
    'Menu',
    'Live',
    'Fan club',
    'Combo ×{combo}',
    'HT',
    'Champions League',
    'World Cup',
    'Scotland',
  ]),
};

describe.each(LOCALES.filter((locale) => locale !== 'en'))('catalog %s is translated', (locale) => {
  it('has no English text left in it', () => {
    const allowed = SAME_AS_ENGLISH[locale === 'vi' ? 'vi' : 'zh'];
    const untranslated = Object.entries(flat[locale]!)
      .filter(([key, text]) => text === flat.en![key] && /[A-Za-z]{2,}/.test(wordsOf(text)))
      // Placeholders show an example value (an address, a bucket's name), the same in every language.
      .filter(([key]) => !key.includes('.placeholders.'))
      .filter(([, text]) => !allowed.has(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(untranslated).toEqual([]);
  });
});

/** Text a reader would see: letters or CJK, not just punctuation, digits or symbols. */
const VISIBLE = /[A-Za-z\u4e00-\u9fff\u00C0-\u1EF9]{2,}/;
const TEXT_ATTRIBUTES = new Set(['title', 'alt', 'placeholder', 'aria-label', 'label']);

function literalTexts(file: string) {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && VISIBLE.test(node.text)) found.push(node.text.trim());
    if (
      ts.isJsxAttribute(node) &&
      TEXT_ATTRIBUTES.has(node.name.getText()) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer) &&
      VISIBLE.test(node.initializer.text)
    ) {
      found.push(`${node.name.getText()}="${node.initializer.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function tsxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(full);
    return entry.name.endsWith('.tsx') ? [full] : [];
  });
}

it('components render no literal user-visible strings', () => {
  const offenders = ['app', 'components']
    .flatMap((dir) => tsxFiles(path.join(process.cwd(), dir)))
    .flatMap((file) => literalTexts(file).map((text) => `${path.relative(process.cwd(), file)}: ${text}`));
  expect(offenders).toEqual([]);
});
