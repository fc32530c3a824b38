'use client';
// 加入 / 移出我的分类 for the category the page shows.
import { BookmarkMinus, BookmarkPlus } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { type MenuCategory, useMyCategories } from './my-categories';

export function MyCategoryToggle({ category }: { category: MenuCategory }) {
  const t = useTranslations('videos');
  const { has, add, remove } = useMyCategories();
  const [busy, setBusy] = useState(false);
  const mine = has(category.id);
  const toggle = async () => {
    setBusy(true);
    try {
      if (mine) await remove(category.id);
      else await add(category);
      import('sonner').then(({ toast }) => toast.success(mine ? t('removedMine') : t('addedMine')));
    } catch {
      // The shared client showed the refusal (or opened the login dialog).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="button"
      size="sm"
      variant={mine ? 'secondary' : 'primary'}
      onClick={toggle}
      disabled={busy}
      data-testid="my-category-toggle"
      className="gap-1.5"
    >
      {mine ? (
        <BookmarkMinus aria-hidden className="size-4" />
      ) : (
        <BookmarkPlus aria-hidden className="size-4" />
      )}
      {mine ? t('removeMine') : t('addMine')}
    </Button>
  );
}
