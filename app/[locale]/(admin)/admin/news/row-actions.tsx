// An article's take-down and restore in the news desk's table, each through the console's reason dialog
// (a code and words, kept in the audit log like every staff write); server markup around it.
import { useTranslations } from 'next-intl';
import { ReasonDialog, type ReasonOption } from '@/components/admin/reason-dialog';
import { Button } from '@/components/ui/button';

export function ArticleRowActions({
  id,
  title,
  removed,
  reasons,
}: {
  id: number;
  title: string;
  removed: boolean;
  reasons: { remove: readonly ReasonOption[]; restore: readonly ReasonOption[] };
}) {
  const t = useTranslations('admin.catalog.news');
  const action = removed ? 'restore' : 'remove';
  return (
    <ReasonDialog
      trigger={
        <Button
          size="sm"
          variant="ghost"
          className={removed ? undefined : 'text-live hover:text-live'}
          data-testid={`news-${action}-${id}`}
        >
          {t(action)}
        </Button>
      }
      title={t(removed ? 'restoreTitle' : 'removeTitle', { title })}
      description={removed ? t('restoreHint') : t('removeConfirm')}
      reasons={reasons[action]}
      confirmLabel={t(action)}
      tone={removed ? 'primary' : 'danger'}
      post={{ path: removed ? 'api/admin/news/restore' : 'api/admin/news/delete', body: { id } }}
    />
  );
}
