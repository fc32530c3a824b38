// The audit log reads as sentences (issue #41): every staff write in the route table has a sentence in
// each of the four languages (`admin.audit.sentences.<key>`, lib/audit/sentences.ts), which formats with
// the values the console gives it; the review queue's routes also name their source's item in each.
// A new staff write without a sentence fails here.
import { routeTable } from '@/lib/api/route';
import { catalogs } from '@/lib/i18n/messages';
import { LOCALES } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translate';
import { createApiApp } from '@/lib/server/api-app';
import { AUDIT_SENTENCES, decisionOf, sentenceOf } from './sentences';

const app = createApiApp({
  db: () => {
    throw new Error('declarations only');
  },
});
const staffWrites = routeTable(app).filter((route) => route.staff && route.effect === 'write');

const lookup = (messages: unknown, key: string) =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

it('covers the staff writes', () => {
  expect(staffWrites.length).toBeGreaterThan(40);
});

it.each(LOCALES)('says every staff write as a sentence in %s', (locale) => {
  const t = translator(locale) as unknown as (key: string, values?: Record<string, string>) => string;
  const missing: string[] = [];
  for (const route of staffWrites) {
    const entry = sentenceOf(route.path);
    if (!entry) {
      missing.push(`${route.path}: no sentence in lib/audit/sentences.ts`);
      continue;
    }
    const key = `admin.audit.sentences.${entry.key}`;
    if (typeof lookup(catalogs[locale], key) !== 'string') {
      missing.push(`${route.path}: ${key} missing`);
      continue;
    }
    if (entry.source && typeof lookup(catalogs[locale], `im.notices.items.${entry.source}`) !== 'string')
      missing.push(`${route.path}: im.notices.items.${entry.source} missing`);
    const values = {
      actor: 'ACTOR',
      target: '#7',
      item: 'ITEM',
      ids: '#7',
      verb: 'VERB',
      owner: 'OWNER',
      hasOwner: 'yes',
    };
    const said = t(key, values);
    if (!said.includes('ACTOR') || /[{}]/.test(said) || said.startsWith('admin.'))
      missing.push(`${route.path}: "${said}" does not read`);
  }
  expect(missing).toEqual([]);
});

it('has no sentence for an action the route table does not have', () => {
  const paths = new Set(staffWrites.map((route) => route.path));
  expect(Object.keys(AUDIT_SENTENCES).filter((action) => !paths.has(action))).toEqual([]);
});

it('reads a queue decision: its verdict, items and the person', () => {
  expect(
    decisionOf([
      { id: 12, decision: 'reject', user_id: 5, status: 'rejected' },
      { id: 13, decision: 'reject', user_id: 5 },
    ]),
  ).toEqual({ ids: [12, 13], decision: 'reject', owners: [5] });
  expect(decisionOf({ input: {}, output: {} })).toEqual({ ids: [], decision: null, owners: [] });
  expect(sentenceOf('/api/admin/review/withdrawal/decide')).toMatchObject({
    key: 'reviewDecide',
    source: 'withdrawal',
  });
  expect(sentenceOf('/api/admin/nothing')).toBeNull();
});
