'use client';
// Adding words (one a line) and removing them, alone or the ones picked in the table.
import { Plus } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { EditDialog, Field, reasonOf } from '@/components/admin/catalog/edit-dialog';
import { useTableSelection } from '@/components/admin/table-selection';
import { Button } from '@/components/ui/button';
import { FIELD_CLASS } from '@/components/ui/field-styles';

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
        await api.post('api/admin/sensitiveWords/add', { words, ...reasonOf(form) });
      }}
    >
      <Field label={t('words')} hint={t('wordsHint')}>
        <textarea name="words" rows={8} className={`${FIELD_CLASS} py-2`} data-testid="words-input" />
      </Field>
    </EditDialog>
  );
}

async function remove(ids: readonly (string | number)[]) {
  const { api } = await import('@/lib/http/client');
  for (const id of ids) await api.post('api/admin/sensitiveWords/delete', { id: Number(id) });
}

export function DeleteWord({ id }: { id: number }) {
  const t = useTranslations('admin.catalog.words');
  const router = useRouter();
  const [pending, setPending] = useState(false);
  return (
    <Button
      size="sm"
      variant="ghost"
      className="text-live hover:text-live"
      disabled={pending}
      onClick={async () => {
        setPending(true);
        try {
          await remove([id]);
          router.refresh();
        } catch {
          // The client already showed the API's message.
        } finally {
          setPending(false);
        }
      }}
    >
      {t('remove')}
    </Button>
  );
}

export function DeleteWords() {
  const t = useTranslations('admin.catalog.words');
  const router = useRouter();
  const { selected, clear } = useTableSelection();
  const [pending, setPending] = useState(false);
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={pending}
      onClick={async () => {
        setPending(true);
        try {
          await remove(selected);
          clear();
          router.refresh();
        } catch {
          router.refresh();
        } finally {
          setPending(false);
        }
      }}
    >
      {t('removePicked')}
    </Button>
  );
}
