'use client';
// Binding where withdrawals are paid: a bank card (checked with Luhn on the server) and an Alipay
// account. What is bound shows masked; "Change" opens the form again.
import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { useFormPost } from '@/lib/http/use-form-post';
import { FormError } from './form-error';

type Field = { name: string; label: string; inputMode?: 'numeric' | 'email'; autoComplete?: string };

function BindForm({
  path,
  fields,
  bound,
  testId,
}: {
  path: string;
  fields: Field[];
  bound: { title: string; lines: string[] } | null;
  testId: string;
}) {
  const t = useTranslations('earnings.accounts');
  const [editing, setEditing] = useState(!bound);
  const [form, setForm] = useState<Record<string, string>>({});
  const save = useFormPost<Record<string, string>>(path, {
    refresh: true,
    success: t('saved'),
    failed: t('failed'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form, { onSuccess: () => setEditing(false) });
  };
  if (bound && !editing)
    return (
      <div
        className="flex items-start justify-between gap-4 rounded-lg border border-line px-4 py-3"
        data-testid={testId}
      >
        <div className="min-w-0 text-sm">
          <p className="font-medium text-ink-900">{bound.title}</p>
          {bound.lines.map((line) => (
            <p key={line} className="mt-0.5 text-ink-700 tabular-nums">
              {line}
            </p>
          ))}
        </div>
        <Button type="button" variant="secondary" size="sm" onClick={() => setEditing(true)}>
          {t('change')}
        </Button>
      </div>
    );
  return (
    <form onSubmit={submit} className="space-y-3" noValidate data-testid={`${testId}-form`}>
      {fields.map((field) => (
        <div key={field.name}>
          <label htmlFor={`${testId}-${field.name}`} className={LABEL_CLASS}>
            {field.label}
          </label>
          <input
            id={`${testId}-${field.name}`}
            className={INPUT_CLASS}
            inputMode={field.inputMode}
            autoComplete={field.autoComplete ?? 'off'}
            value={form[field.name] ?? ''}
            onChange={(event) => setForm({ ...form, [field.name]: event.target.value })}
          />
        </div>
      ))}
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('saving') : t('bind')}
        </Button>
        {bound ? (
          <Button type="button" variant="ghost" onClick={() => setEditing(false)}>
            {t('cancel')}
          </Button>
        ) : null}
        <FormError message={save.error} />
      </div>
    </form>
  );
}

export function PayoutAccountsForm({
  card,
  alipay,
}: {
  card: { bank_name: string; card_number: string; real_name: string } | null;
  alipay: { account: string; real_name: string } | null;
}) {
  const t = useTranslations('earnings.accounts');
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
      <div>
        <h3 className="mb-2 text-sm font-semibold text-ink-900">{t('bankTitle')}</h3>
        <BindForm
          path="api/Bank_card/bind"
          testId="bank-card"
          bound={card ? { title: card.bank_name, lines: [card.card_number, card.real_name] } : null}
          fields={[
            { name: 'bank_name', label: t('bankName') },
            { name: 'card_number', label: t('cardNumber'), inputMode: 'numeric', autoComplete: 'cc-number' },
            { name: 'real_name', label: t('realName'), autoComplete: 'name' },
          ]}
        />
      </div>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-ink-900">{t('alipayTitle')}</h3>
        <BindForm
          path="api/Bank_card/bindAliPay"
          testId="alipay"
          bound={alipay ? { title: t('alipayTitle'), lines: [alipay.account, alipay.real_name] } : null}
          fields={[
            { name: 'account', label: t('alipayAccount'), inputMode: 'email' },
            { name: 'real_name', label: t('realName'), autoComplete: 'name' },
          ]}
        />
      </div>
    </div>
  );
}
