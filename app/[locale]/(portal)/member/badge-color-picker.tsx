'use client';
// The shop tab's "My chat badges": the badge colours the user owns, each shown on their own name as it
// will look on a chat line, and which one to wear (`api/goods/wearBadgeColor`), or none.
import { Check } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { badgeColorClass } from '@/components/live/chat/badge-color';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useFormPost } from '@/lib/http/use-form-post';
import { FormError } from './form-error';

export function BadgeColorPicker({
  owned,
  chosen,
  nickname,
}: {
  owned: string[];
  chosen: string | null;
  nickname: string;
}) {
  const t = useTranslations('shop');
  const wear = useFormPost<{ color: string | null }>('api/goods/wearBadgeColor', {
    refresh: true,
    success: t('badges.saved'),
    failed: t('badges.failed'),
  });
  return (
    <div className="space-y-3">
      <ul className="flex flex-wrap gap-3" data-testid="badge-colors">
        {owned.map((color) => (
          <li
            key={color}
            data-testid={`badge-color-${color}`}
            className="flex items-center gap-3 rounded-lg border border-line px-3 py-2"
          >
            <span className={cn('text-sm font-medium', badgeColorClass(color))}>{nickname}</span>
            <span className="text-xs text-ink-500">{t(`badgeColors.${color}` as never)}</span>
            {chosen === color ? (
              <span className="flex items-center gap-1 text-xs font-medium text-brand-600">
                <Check aria-hidden className="size-3.5" />
                {t('badges.wearing')}
              </span>
            ) : (
              <Button
                type="button"
                variant="secondary"
                size="sm"
                disabled={wear.isPending}
                onClick={() => wear.mutate({ color })}
              >
                {t('badges.wear')}
              </Button>
            )}
          </li>
        ))}
        {chosen ? (
          <li className="flex items-center">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={wear.isPending}
              onClick={() => wear.mutate({ color: null })}
            >
              {t('badges.none')}
            </Button>
          </li>
        ) : null}
      </ul>
      <FormError message={wear.error} />
    </div>
  );
}
