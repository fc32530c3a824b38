'use client';
// Posting in a circle (spec §5): a circle chosen, content entered, up to 4 images or one video under
// 50 MB with a cover. Guests get the login dialog instead; with review on, the fan is told the post
// shows once approved.
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { PostComposer } from '@/components/posts/post-composer';
import { Button } from '@/components/ui/button';
import { FIELD_CLASS } from '@/components/ui/field-styles';
import type { CircleKind } from '@/lib/circles/schema';
import { openLoginDialog } from '@/lib/store/atoms';

type Option = { id: number; name: string; kind: CircleKind };

export function CircleComposer({
  circles,
  initialCircleId,
  signedIn,
  review,
}: {
  circles: Option[];
  initialCircleId: number | null;
  signedIn: boolean;
  review: boolean;
}) {
  const t = useTranslations('circle');
  const [circleId, setCircleId] = useState<number | null>(initialCircleId);
  if (!signedIn) {
    return (
      <div className="flex items-center gap-3 text-sm text-ink-500">
        <span>{t('loginHint')}</span>
        <Button type="button" className="ml-auto" onClick={() => openLoginDialog()}>
          {t('loginToPost')}
        </Button>
      </div>
    );
  }
  const groups = (['general', 'league', 'club'] as const).map((kind) => ({
    kind,
    items: circles.filter((circle) => circle.kind === kind),
  }));
  return (
    <PostComposer
      path="api/circle/insert"
      extra={{ circle_id: circleId ?? undefined }}
      requireText
      onPublished={(result) =>
        import('sonner').then(({ toast }) =>
          toast.success(result.status === 'pending' ? t('submittedPending') : t('published')),
        )
      }
    >
      <div className="flex flex-wrap items-center gap-3">
        <select
          aria-label={t('chooseCircle')}
          value={circleId ?? ''}
          onChange={(event) => setCircleId(event.target.value ? Number(event.target.value) : null)}
          className={`${FIELD_CLASS} h-9 w-56`}
          data-testid="circle-select"
        >
          <option value="">{t('chooseCircle')}</option>
          {groups.map((group) =>
            group.items.length ? (
              <optgroup
                key={group.kind}
                label={t(
                  group.kind === 'general' ? 'general' : group.kind === 'league' ? 'leagues' : 'clubs',
                )}
              >
                {group.items.map((circle) => (
                  <option key={circle.id} value={circle.id}>
                    {circle.name}
                  </option>
                ))}
              </optgroup>
            ) : null,
          )}
        </select>
        {review ? <span className="text-xs text-ink-500">{t('reviewOn')}</span> : null}
      </div>
    </PostComposer>
  );
}
