'use client';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { EditDialog } from '@/components/admin/catalog/edit-dialog';
import { Field, NumberField, numberOrUndefined, reasonOf, text } from '@/components/admin/catalog/fields';
import { ImageField } from '@/components/admin/catalog/image-field';
import { Button } from '@/components/ui/button';
import { FIELD_CLASS, INPUT_CLASS } from '@/components/ui/field-styles';
import { useTimeFormat } from '@/components/ui/time-view';
import { useFormPost } from '@/lib/http/use-form-post';
import { LOCALES } from '@/lib/i18n/routing';
import { instantFromWallTime, wallTimeOf } from '@/lib/time/zone';

export type Promo = {
  id: number;
  kind: string;
  title: Record<string, string>;
  body: Record<string, string> | null;
  imageUrl: string | null;
  linkUrl: string | null;
  sort: number;
  enabled: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
};

const localized = (form: FormData, prefix: string) =>
  Object.fromEntries(
    LOCALES.map((locale) => [locale, text(form, `${prefix}-${locale}`)]).filter(([, value]) => value),
  );

export function PromoEditor({
  kind,
  promo,
  trigger,
}: {
  kind: string;
  promo: Promo | null;
  trigger: ReactNode;
}) {
  const t = useTranslations('admin.catalog.promos');
  const tl = useTranslations('admin.catalog.news.languages');
  const timeZone = useTimeFormat().times.timeZone;
  const popup = kind === 'popup';

  async function save(form: FormData) {
    const instant = (key: string) => {
      const value = text(form, key);
      if (!value) return null;
      const at = instantFromWallTime(value, timeZone);
      if (!at) throw new Error(t('badTime'));
      return at.toISOString();
    };
    const values = {
      ...(promo ? { id: promo.id } : {}),
      title: localized(form, 'title'),
      imageUrl: text(form, 'image') || null,
      linkUrl: text(form, 'link') || null,
      sort: numberOrUndefined(form, 'sort') ?? 0,
      enabled: form.get('enabled') === 'on',
      startsAt: instant('starts'),
      endsAt: instant('ends'),
    };
    if (Object.keys(values.title).length === 0) throw new Error(t('needTitle'));
    const { api } = await import('@/lib/http/client');
    if (popup)
      await api.post('api/admin/popup/save', { ...values, body: localized(form, 'body'), ...reasonOf(form) });
    else {
      if (!values.imageUrl) throw new Error(t('needImage'));
      await api.post('api/admin/promo/save', { ...values, kind, ...reasonOf(form) });
    }
  }

  return (
    <EditDialog
      trigger={trigger}
      title={promo ? t('editTitle', { kind: t(`kinds.${kind}`) }) : t('new', { kind: t(`kinds.${kind}`) })}
      onSave={save}
      wide
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {LOCALES.map((locale) => (
          <Field key={locale} label={`${t('promoTitle')} · ${tl(locale)}`}>
            <input
              name={`title-${locale}`}
              maxLength={200}
              defaultValue={promo?.title[locale] ?? ''}
              lang={locale}
              className={INPUT_CLASS}
              data-testid={`promo-title-${locale}`}
            />
          </Field>
        ))}
      </div>
      {popup ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {LOCALES.map((locale) => (
            <Field key={locale} label={`${t('body')} · ${tl(locale)}`}>
              <textarea
                name={`body-${locale}`}
                rows={3}
                maxLength={2000}
                defaultValue={promo?.body?.[locale] ?? ''}
                lang={locale}
                className={`${FIELD_CLASS} py-2`}
              />
            </Field>
          ))}
        </div>
      ) : null}
      <ImageField name="image" label={t('picture')} initial={promo?.imageUrl} />
      <Field label={t('link')}>
        <input
          name="link"
          defaultValue={promo?.linkUrl ?? ''}
          placeholder={t('linkHint')}
          className={INPUT_CLASS}
        />
      </Field>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label={t('starts')}>
          <input
            name="starts"
            type="datetime-local"
            defaultValue={promo?.startsAt ? wallTimeOf(new Date(promo.startsAt), timeZone) : ''}
            className={INPUT_CLASS}
          />
        </Field>
        <Field label={t('ends')}>
          <input
            name="ends"
            type="datetime-local"
            defaultValue={promo?.endsAt ? wallTimeOf(new Date(promo.endsAt), timeZone) : ''}
            className={INPUT_CLASS}
          />
        </Field>
        <NumberField label={t('order')} name="sort" min={0} max={9999} defaultValue={promo?.sort ?? 0} />
      </div>
      <label className="flex items-center gap-2 text-sm text-ink-700">
        <input
          type="checkbox"
          name="enabled"
          defaultChecked={promo?.enabled ?? true}
          className="accent-brand-500"
        />
        {t('enabled')}
      </label>
    </EditDialog>
  );
}

export function DeletePromo({ kind, id }: { kind: string; id: number }) {
  const t = useTranslations('admin.catalog.promos');
  // A refusal: the client shows the API's message.
  const removal = useFormPost<{ id: number }>(
    kind === 'popup' ? 'api/admin/popup/delete' : 'api/admin/promo/delete',
    { refusal: 'toast', refresh: true },
  );
  return (
    <Button
      size="sm"
      variant="ghost"
      className="text-live hover:text-live"
      disabled={removal.isPending}
      onClick={() => {
        if (window.confirm(t('deleteConfirm'))) removal.mutate({ id });
      }}
    >
      {t('delete')}
    </Button>
  );
}
