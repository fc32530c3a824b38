// /admin/news/edit: the article editor — a new article, or `?id=` an existing one in every language.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { renderInstant } from '@/lib/accounts/current-user';
import { getDb } from '@/lib/db';
import { rowIdOf } from '@/lib/db/row-id';
import type { Locale } from '@/lib/i18n/routing';
import { listCategories } from '@/lib/news/categories';
import { articleForStaff } from '@/lib/news/service';
import { NewsEditor } from './news-editor';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<{ id?: string }>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'admin.catalog.news' });
  return { title: t('editorTitle') };
}

export default async function NewsEditPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('news');
  const t = await getTranslations('admin.catalog.news');
  const raw = (await searchParams).id;
  const id = raw === undefined ? undefined : rowIdOf(raw);
  if (id === null) notFound();
  const db = getDb();
  const [categories, article] = await Promise.all([
    listCategories(db, locale, { all: true }),
    id === undefined ? null : articleForStaff(db, id, renderInstant()).catch(() => null),
  ]);
  if (id !== undefined && !article) notFound();
  return (
    <>
      <AdminPageHeader title={article ? t('editTitle') : t('newTitle')} description={t('editorHint')} />
      <NewsEditor
        // The categories switched on, and the article's own even when it is off.
        categories={categories.filter((category) => category.active || category.id === article?.classify_id)}
        article={
          article && {
            ...article,
            published_at: article.published_at.toISOString(),
          }
        }
      />
    </>
  );
}
