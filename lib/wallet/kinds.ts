// Every kind of money operation the ledger records, and the key of its label in the wallet records
// (`wallet.kinds.*`). `runOperation` only takes these kinds, so a new one cannot reach a user's records
// without a label: `kinds.test.ts` fails when any locale lacks one.

export const LEDGER_KINDS = [
  'recharge',
  'gift',
  'fan_club',
  'nobility',
  'horn',
  'horn_review',
  'red_envelope',
  'red_claim',
  'red_refund',
  'withdraw',
  'withdraw_paid',
  'withdraw_rejected',
  'conversion',
  'reward',
  'sign_in',
  'task_reward',
  'shop_exchange',
  'shop_refund',
  'invite_reward',
  'plan_purchase',
  'plan_income',
  'plan_refund',
  'guess_stake',
  'guess_settle',
  'guess_refund',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Kinds where one user pays and another earns: the earning side has its own label. */
export const KINDS_WITH_INCOME: readonly LedgerKind[] = ['gift', 'fan_club'];

const camel = (kind: string) => kind.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());

/** The label key under `wallet.kinds` of a record line; every kind and direction has its own. */
export function recordLabelKey(kind: string, amount: number) {
  if (!(LEDGER_KINDS as readonly string[]).includes(kind)) return 'other';
  const income = amount > 0 && KINDS_WITH_INCOME.includes(kind as LedgerKind);
  return income ? `${camel(kind)}Income` : camel(kind);
}

/** Every label key a record can use (the test checks each exists in all locales). */
export function allRecordLabelKeys() {
  return [
    ...LEDGER_KINDS.map((kind) => camel(kind)),
    ...KINDS_WITH_INCOME.map((kind) => `${camel(kind)}Income`),
    'other',
  ];
}
