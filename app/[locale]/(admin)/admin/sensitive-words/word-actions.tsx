'use client';
// Adding words (one a line) with what they do (block, replace or send to review), changing that for the
// words picked, and removing them, alone or the ones picked in the table.
import { Plus } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { EditDialog } from '@/components/admin/catalog/edit-dialog';
import { Field, reasonOf } from '@/components/admin/catalog/fields';
import { useTableSelection } from '@/components/admin/table-selection';
import { Button } from '@/components/ui/button';
import { FIELD_CLASS } from '@/components/ui/field-styles';
import { useFormPost } from '@/lib/http/use-form-post';
import { SENSITIVE_POLICIES } from '@/lib/sensitive/policies';

function PolicyField() {
  const t = useTranslations('admin.catalog.words');
  return (
    <Field label={t('policy')} hint={t('policyHint')}>
      <select name="policy" defaultValue="replace" className={FIELD_CLASS} data-testid="words-policy">
        {SENSITIVE_POLICIES.map((policy) => (
          <option key={policy} value={policy}>
            {t(`policies.${policy}`)}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function AddWords() {
  const t = useTranslations('admin.catalog.words');
  return (
    <EditDialog
      title={t('addTitle')}
      trigger={
        <Button size="sm" data-testid="words-add">
          <Plus aria-hidden className="size-4" />
          {t('add')}
        </Button>
      }
      onSave={async (form) => {
        const words = String(form.get('words') ?? '')
          .split('\n')
          .map((word) => word.trim())
          .filter(Boolean);
        if (words.length === 0) throw new Error(t('needWords'));
        const { api } = await import('@/lib/http/client');
        await api.post('api/admin/sensitiveWords/add', {
          words,
          policy: String(form.get('policy') ?? 'replace'),
          ...reasonOf(form),
        });
      }}
    >
      <Field label={t('words')} hint={t('wordsHint')}>
        <textarea name="words" rows={8} className={`${FIELD_CLASS} py-2`} data-testid="words-input" />
      </Field>
      <PolicyField />
    </EditDialog>
  );
}

/** Changes what the picked words do. */
export function SetPolicy() {
  const t = useTranslations('admin.catalog.words');
  const router = useRouter();
  const { selected, clear } = useTableSelection();
  return (
    <EditDialog
      title={t('policyTitle')}
      trigger={
        <Button size="sm" variant="secondary" data-testid="words-set-policy">
          {t('policyPicked')}
        </Button>
      }
      onSave={async (form) => {
        const { api } = await import('@/lib/http/client');
        await api.post('api/admin/sensitiveWords/policy', {
          ids: selected.map(Number),
          policy: String(form.get('policy') ?? 'replace'),
          ...reasonOf(form),
        });
        clear();
        router.refresh();
      }}
    >
      <PolicyField />
    </EditDialog>
  );
}

async function remove(ids: readonly (string | number)[]) {
  const { api } = await import('@/lib/http/client');
  for (const id of ids) await api.post('api/admin/sensitiveWords/delete', { id: Number(id) });
}

export function DeleteWord({ id }: { id: number }) {
  const t = useTranslations('admin.catalog.words');
  // A refusal: the client shows the API's message.
  const removal = useFormPost<readonly (string | number)[]>(remove, { refresh: true });
  return (
    <Button
      size="sm"
      variant="ghost"
      className="text-live hover:text-live"
      disabled={removal.isPending}
      onClick={() => removal.mutate([id])}
    >
      {t('remove')}
    </Button>
  );
}

export function DeleteWords() {
  const t = useTranslations('admin.catalog.words');
  const router = useRouter();
  const { selected, clear } = useTableSelection();
  // Refused or not, the list is read again (some words may have gone).
  const removal = useFormPost<readonly (string | number)[]>(remove, {
    onSuccess: clear,
    onSettled: () => router.refresh(),
  });
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={removal.isPending}
      onClick={() => removal.mutate(selected)}
    >
      {t('removePicked')}
    </Button>
  );
}
