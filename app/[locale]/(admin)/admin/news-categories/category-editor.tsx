// A news category's editor (its slug when new, names in four languages, order, shown or hidden) and its
// delete button: server markup around the catalogue's editor dialog and the shared send button.
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { EditDialog } from '@/components/admin/catalog/edit-dialog';
import { Field, NumberField } from '@/components/admin/catalog/fields';
import { LocaleFields, SHOWN_BESIDE, ShownCheckbox } from '@/components/admin/catalog/locale-fields';
import { buttonClass } from '@/components/ui/button-styles';
import { INPUT_CLASS } from '@/components/ui/field-styles';
import { PostButton } from '@/components/ui/post-button';

type Category = { slug: string; names: Record<string, string>; sort: number; active: boolean };

export function CategoryEditor({ category, trigger }: { category: Category | null; trigger: ReactNode }) {
  const t = useTranslations('admin.catalog2.categories');
  return (
    <EditDialog
      trigger={trigger}
      title={category ? t('editTitle') : t('newTitle')}
      description={t('editHint')}
      wide
      save={{
        path: 'api/admin/news/categorySave',
        fixed: category ? { slug: category.slug } : {},
        fields: {
          ...(category ? {} : { slug: { text: 'slug' } }),
          names: { locales: 'name' },
          sort: { number: 'sort', empty: 10 },
          active: { checked: 'active' },
        },
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
  return (
    <PostButton
      path="api/admin/news/categoryDelete"
      body={{ slug }}
      confirm={t('deleteConfirm')}
      className={buttonClass('ghost', 'sm', 'text-live hover:text-live')}
      data-testid={`category-delete-${slug}`}
    >
      {t('delete')}
    </PostButton>
  );
}
