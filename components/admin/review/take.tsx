// "我来处理": a staff member takes a queue item so colleagues see it is in hand. Once taken, the row says who
// has it (the reader's own: "由你处理"). A refusal (a colleague was quicker, the item concerns the reader) is
// the client's error toast; the page refreshes either way to show who has it. Server markup around the
// shared send button.
import { Hand, UserCheck } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button-styles';
import { PostButton } from '@/components/ui/post-button';

export function TakeItem({
  source,
  id,
  takenBy,
  me,
}: {
  source: string;
  id: number;
  takenBy: { id: number; nickname: string } | null;
  me: number;
}) {
  const t = useTranslations('admin.review.take');
  if (takenBy)
    return (
      <p
        className="inline-flex items-center gap-1 text-xs text-ink-500"
        data-testid={`taken-${id}`}
        data-taken-by={takenBy.id}
      >
        <UserCheck aria-hidden className="size-3.5" />
        {takenBy.id === me ? t('mine') : t('by', { name: takenBy.nickname })}
      </p>
    );
  return (
    <PostButton
      path={`api/admin/review/${source}/take`}
      body={{ id }}
      refresh="always"
      className={buttonClass('ghost', 'sm')}
      data-testid={`take-${id}`}
    >
      <Hand aria-hidden className="size-4" />
      {t('action')}
    </PostButton>
  );
}
