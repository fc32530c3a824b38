// A refusal names the field in the reader's language (lib/api/messages.ts): the route's own label where
// it declares one, else the shared `fields.<name>`. Every field any route accepts has a label in all four
// catalogues, so no refusal shows a bare key ("reward须为数字").
import { catalogs } from '@/lib/i18n/messages';
import { LOCALES } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translate';
import { createApiApp } from '@/lib/server/api-app';
import { ValidationError } from './errors';
import { validationMessage } from './messages';
import { routeTable } from './route';
import { fieldNames } from './strict-input';

const routes = routeTable(createApiApp({ db: () => undefined as never }));

const lookup = (messages: unknown, key: string) =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

it.each(LOCALES)('labels every field a route accepts in %s', (locale) => {
  const unlabelled = new Set<string>();
  for (const route of routes)
    for (const name of fieldNames(route.input)) {
      const key = route.fieldLabels?.[name] ?? `fields.${name}`;
      const label = lookup(catalogs[locale], key);
      if (typeof label !== 'string' || !label.trim()) unlabelled.add(`${route.path} ${name} (${key})`);
    }
  expect([...unlabelled].sort()).toEqual([]);
});

const refusal = (path: (string | number)[], fieldLabels?: Record<string, string>) =>
  new ValidationError(
    [{ code: 'custom', path, message: 'notNumber', params: { i18n: 'notNumber' }, input: 'abc' }],
    fieldLabels,
  );

it.each([
  ['zh-CN', '奖励（金币）须为数字'],
  ['zh-TW', '獎勵（金幣）'],
  ['en', 'Reward (coins)'],
  ['vi', 'Thưởng (xu)'],
] as const)('names a nested field by its label in %s, not by its key', (locale, label) => {
  const message = validationMessage(translator(locale), refusal(['tasks', 'watch', 'reward']));
  expect(message).toContain(label);
  expect(message).not.toMatch(/reward/);
});

it('prefers the label the route declares to the shared one', () => {
  const t = translator('zh-CN');
  expect(validationMessage(t, refusal(['target_id']))).toContain('举报对象');
  expect(
    validationMessage(t, refusal(['target_id'], { target_id: 'admin.audit.filters.targetId' })),
  ).toContain('对象 ID');
  // A route label missing from the catalogue falls back to the shared one.
  expect(validationMessage(t, refusal(['target_id'], { target_id: 'admin.nothing.here' }))).toContain(
    '举报对象',
  );
});
