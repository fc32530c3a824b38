// Task rows: name, how it counts, the server's progress, the reward and the action — a link to where
// the task is done, the claim button once finished (`api/Activity_Config/receive_task`, ./claim-button.tsx),
// or "claimed". Server markup; the claim button is the client leaf.
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Link } from '@/lib/i18n/navigation';
import type { TaskCode } from '@/lib/tasks/rules';
import { ClaimButton } from './claim-button';
import { StatusPill } from './section-card';

type Task = {
  id: TaskCode;
  progress: number;
  target: number;
  reward: number;
  status: 'todo' | 'claimable' | 'claimed';
};

/** Where each task is done. */
const WHERE: Record<TaskCode, string> = {
  watch: '/anchor',
  chat: '/anchor',
  gift: '/anchor',
  share: '/anchor',
  read: '/news',
  post: '/circle',
  profile: '/member?type=1',
  realName: '/member?type=1',
  recharge: '/member?type=2',
  fanClub: '/anchor',
  follow: '/anchor',
};

export function TaskRows({ tasks, capReached }: { tasks: Task[]; capReached: boolean }) {
  const t = useTranslations('tasks');
  return (
    <ul className="divide-y divide-line">
      {tasks.map((task) => (
        <li
          key={task.id}
          className="flex min-h-16 flex-wrap items-center gap-x-4 gap-y-2 py-3"
          data-testid={`task-${task.id}`}
        >
          <div className="min-w-0 basis-full sm:basis-0 sm:flex-1">
            <p className="font-medium text-ink-900">{t(`names.${task.id}`, { target: task.target })}</p>
            <p className="mt-0.5 text-xs text-ink-500">{t(`hints.${task.id}`)}</p>
          </div>
          <div className="min-w-20 flex-1 sm:w-28 sm:flex-none">
            <div className="h-1.5 overflow-hidden rounded-full bg-canvas" aria-hidden>
              <div
                className="h-full rounded-full bg-brand-500"
                style={{ width: `${Math.round((task.progress / task.target) * 100)}%` }}
              />
            </div>
            <p className="mt-1 text-right text-xs text-ink-500 tabular-nums" data-testid="task-progress">
              {t('progress', { progress: task.progress, target: task.target })}
            </p>
          </div>
          <span className="text-right text-sm font-medium whitespace-nowrap text-brand-600 tabular-nums sm:w-20">
            {t('reward', { coins: task.reward })}
          </span>
          <div className="flex justify-end sm:w-24">
            {task.status === 'claimed' ? (
              <StatusPill tone="neutral">{t('claimed')}</StatusPill>
            ) : task.status === 'claimable' ? (
              <ClaimButton
                claim={{ path: 'api/Activity_Config/receive_task', body: { id: task.id }, done: 'claimDone' }}
                size="sm"
                disabled={capReached}
                title={capReached ? t('claimCapped') : undefined}
              >
                {t('claim')}
              </ClaimButton>
            ) : (
              <Button size="sm" variant="secondary" asChild>
                <Link href={WHERE[task.id]}>{t(`links.${task.id}`)}</Link>
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
