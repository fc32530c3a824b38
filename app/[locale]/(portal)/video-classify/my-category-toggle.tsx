'use client';
// 加入 / 移出我的分类 for the category the page shows.
import { BookmarkMinus, BookmarkPlus } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { useFormPost } from '@/lib/http/use-form-post';
import { type MenuCategory, useMyCategories } from './my-categories';

export function MyCategoryToggle({ category }: { category: MenuCategory }) {
  const t = useTranslations('videos');
  const { has, add, remove } = useMyCategories();
  const mine = has(category.id);
  // The shared client shows a refusal (or opens the login dialog).
  const change = useFormPost<boolean>((wasMine) => (wasMine ? remove(category.id) : add(category)), {
    onSuccess: (_, wasMine) =>
      import('sonner').then(({ toast }) => toast.success(wasMine ? t('removedMine') : t('addedMine'))),
  });
  const toggle = () => change.mutate(mine);
  return (
    <Button
      type="button"
      size="sm"
      variant={mine ? 'secondary' : 'primary'}
      onClick={toggle}
      disabled={change.isPending}
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
