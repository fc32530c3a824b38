'use client';
import { useRouter } from 'next/navigation';
// Mute, ban and lift on a user's console page, each through the reason dialog; a mute or ban also takes
// how long (./sanction-end.tsx: its end time is shown before confirming). The page refreshes with the new state.
import { useTranslations } from 'next-intl';
import { ReasonDialog, type ReasonOption } from '@/components/admin/reason-dialog';
import { Button } from '@/components/ui/button';
import type { DecisionReason } from '@/lib/admin/decision';
import { SanctionEndField, useSanctionEnd } from './sanction-end';

type Kind = 'mute' | 'ban';

export function SanctionActions({
  userId,
  name,
  active,
  sanctionReasons,
  liftReasons,
}: {
  userId: number;
  name: string;
  /** Which sanctions are in force now (those get a lift button instead). */
  active: Record<Kind, boolean>;
  sanctionReasons: readonly ReasonOption[];
  liftReasons: readonly ReasonOption[];
}) {
  const t = useTranslations('admin.users');
  const router = useRouter();
  const end = useSanctionEnd();

  async function post(path: string, body: object) {
    const { api } = await import('@/lib/http/client');
    await api.post(path, body, { silent: true });
    router.refresh();
  }
  const give = (kind: Kind) => async (reason: DecisionReason) => {
    const until = end.endOf();
    if (!until) throw new Error(t('customMissing'));
    await post('api/admin/users/sanction', { user_id: userId, kind, until: until.toISOString(), ...reason });
  };
  const lift = (kind: Kind) => (reason: DecisionReason) =>
    post('api/admin/users/lift', { user_id: userId, kind, ...reason });

  return (
    <div className="flex flex-wrap gap-2" data-testid="sanction-actions">
      {(['mute', 'ban'] as const).map((kind) =>
        active[kind] ? (
          <ReasonDialog
            key={kind}
            trigger={
              <Button size="sm" variant="secondary" data-testid={`lift-${kind}`}>
                {t('lift', { kind: t(`kinds.${kind}`) })}
              </Button>
            }
            title={t('liftTitle', { kind: t(`kinds.${kind}`) })}
            reasons={liftReasons}
            confirmLabel={t('lift', { kind: t(`kinds.${kind}`) })}
            onConfirm={lift(kind)}
          />
        ) : (
          <ReasonDialog
            key={kind}
            trigger={
              <Button
                size="sm"
                variant="secondary"
                className={kind === 'ban' ? 'text-live' : undefined}
                data-testid={`give-${kind}`}
              >
                {t(`kinds.${kind}`)}
              </Button>
            }
            title={t(kind === 'ban' ? 'banTitle' : 'muteTitle', { name })}
            description={t(kind === 'ban' ? 'banHint' : 'muteHint')}
            reasons={sanctionReasons}
            confirmLabel={t(`kinds.${kind}`)}
            tone="danger"
            onConfirm={give(kind)}
          >
            <SanctionEndField id={`duration-${kind}`} state={end} />
          </ReasonDialog>
        ),
      )}
    </div>
  );
}
