'use client';
// Pinning or blocking a hot-search term, and removing either; each with the reason the audit log keeps.
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { type ReactNode, useState } from 'react';
import { EditDialog } from '@/components/admin/catalog/edit-dialog';
import { Field, NumberField, numberOrUndefined, reasonOf, text } from '@/components/admin/catalog/fields';
import { ReasonDialog } from '@/components/admin/reason-dialog';
import { Button } from '@/components/ui/button';
import { INPUT_CLASS } from '@/components/ui/field-styles';

export function OverrideEditor({ trigger }: { trigger: ReactNode }) {
  const t = useTranslations('admin.catalog.hotSearch');
  const [mode, setMode] = useState<'pin' | 'block'>('pin');
  return (
    <EditDialog
      trigger={trigger}
      title={t('newTitle')}
      onSave={async (form) => {
        const { api } = await import('@/lib/http/client');
        await api.post('api/admin/hotSearch/save', {
          ...reasonOf(form),
          term: text(form, 'term'),
          blocked: mode === 'block',
          ...(mode === 'pin' ? { position: numberOrUndefined(form, 'position') } : {}),
        });
      }}
    >
      <Field label={t('term')} hint={t('termHint')}>
        <input name="term" required maxLength={10} className={INPUT_CLASS} data-testid="hot-term" />
      </Field>
      <fieldset className="flex gap-4">
        {(['pin', 'block'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm text-ink-700">
            <input
              type="radio"
              name="mode"
              checked={mode === value}
              onChange={() => setMode(value)}
              className="accent-brand-500"
            />
            {t(`modes.${value}`)}
          </label>
        ))}
      </fieldset>
      {mode === 'pin' ? (
        <NumberField label={t('position')} name="position" required min={1} max={10} defaultValue={1} />
      ) : null}
    </EditDialog>
  );
}

/** Removes a pin or a block, with the reason the audit log keeps (the console's reason dialog). */
export function RemoveOverride({ id, term }: { id: number; term: string }) {
  const t = useTranslations('admin.catalog.hotSearch');
  const words = useTranslations('admin.catalog.hotSearch.removeReasons');
  const router = useRouter();
  return (
    <ReasonDialog
      trigger={
        <Button size="sm" variant="ghost" data-testid={`hot-search-remove-${id}`}>
          {t('remove')}
        </Button>
      }
      title={t('removeTitle', { term })}
      reasons={(['mistake', 'expired', 'other'] as const).map((code) => ({ code, label: words(code) }))}
      confirmLabel={t('remove')}
      onConfirm={async (reason) => {
        const { api } = await import('@/lib/http/client');
        await api.post('api/admin/hotSearch/delete', { id, ...reason }, { silent: true });
        router.refresh();
      }}
    />
  );
}
