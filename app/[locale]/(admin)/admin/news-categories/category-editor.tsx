'use client';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import {
  EditDialog,
  Field,
  NumberField,
  numberOrUndefined,
  reasonOf,
  text,
} from '@/components/admin/catalog/edit-dialog';
import {
  LocaleFields,
  localeValues,
  SHOWN_BESIDE,
  ShownCheckbox,
} from '@/components/admin/catalog/locale-fields';
import { Button } from '@/components/ui/button';
import { INPUT_CLASS } from '@/components/ui/field-styles';
import { useFormPost } from '@/lib/http/use-form-post';

type Category = { slug: string; names: Record<string, string>; sort: number; active: boolean };

export function CategoryEditor({ category, trigger }: { category: Category | null; trigger: ReactNode }) {
  const t = useTranslations('admin.catalog2.categories');
  return (
    <EditDialog
      trigger={trigger}
      title={category ? t('editTitle') : t('newTitle')}
      description={t('editHint')}
      wide
      onSave={async (form) => {
        const { api } = await import('@/lib/http/client');
        await api.post('api/admin/news/categorySave', {
          ...reasonOf(form),
          slug: category?.slug ?? text(form, 'slug'),
          names: localeValues(form, 'name'),
          sort: numberOrUndefined(form, 'sort') ?? 10,
          active: form.get('active') === 'on',
        });
      }}
    >
      {category ? null : (
        <Field label={t('slug')} hint={t('slugHint')}>
          <input
            name="slug"
            required
            pattern="[a-z0-9\-]{2,32}"
            className={INPUT_CLASS}
            data-testid="category-slug"
          />
        </Field>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <LocaleFields
          name="name"
          label={t('name')}
          values={category?.names}
          maxLength={{ zh: 16, other: 32 }}
          testId="category-name"
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <NumberField label={t('order')} name="sort" min={0} max={999} defaultValue={category?.sort ?? 10} />
        <ShownCheckbox label={t('shown')} checked={category?.active ?? true} className={SHOWN_BESIDE} />
      </div>
    </EditDialog>
  );
}

export function DeleteCategory({ slug }: { slug: string }) {
  const t = useTranslations('admin.catalog2.categories');
  // A refusal: the client shows the API's message (e.g. the category still holds articles).
  const removal = useFormPost<{ slug: string }>('api/admin/news/categoryDelete', {
    refusal: 'toast',
    refresh: true,
  });
  return (
    <Button
      size="sm"
      variant="ghost"
      className="text-live hover:text-live"
      disabled={removal.isPending}
      data-testid={`category-delete-${slug}`}
      onClick={() => {
        if (window.confirm(t('deleteConfirm'))) removal.mutate({ slug });
      }}
    >
      {t('delete')}
    </Button>
  );
}
