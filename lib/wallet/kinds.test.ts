// Every ledger kind has its own label in the wallet records, in every locale (`runOperation`'s type
// takes only the listed kinds, so a new kind lands in LEDGER_KINDS and then needs its labels here).
import { catalogs } from '@/lib/i18n/messages';
import { LOCALES } from '@/lib/i18n/routing';
import { allRecordLabelKeys, LEDGER_KINDS, recordLabelKey } from './kinds';

describe.each(LOCALES)('wallet record labels in %s', (locale) => {
  const labels = (catalogs[locale] as unknown as { wallet: { kinds: Record<string, string> } }).wallet.kinds;

  it.each(allRecordLabelKeys())('has a label for %s', (key) => {
    expect(labels[key]?.trim()).toBeTruthy();
  });

  it('gives every kind a label of its own, never "other"', () => {
    const other = labels.other;
    for (const kind of LEDGER_KINDS) {
      for (const amount of [-1, 1]) {
        const key = recordLabelKey(kind, amount);
        expect({ kind, key }).not.toEqual({ kind, key: 'other' });
        expect({ kind, amount, label: labels[key] }).not.toEqual({ kind, amount, label: other });
      }
    }
  });
});

it('labels gift and fan-club income apart from the spending', () => {
  expect(recordLabelKey('gift', -10)).toBe('gift');
  expect(recordLabelKey('gift', 10)).toBe('giftIncome');
  expect(recordLabelKey('red_claim', 5)).toBe('redClaim');
  expect(recordLabelKey('something_else', 5)).toBe('other');
});
