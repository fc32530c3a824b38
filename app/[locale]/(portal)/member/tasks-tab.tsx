// Task centre (/member?type=18): the coin balance, the daily sign-in on its 7-day cycle, the daily and
// one-off tasks with the progress the server counted and their claim buttons, and the coin records.
import { CalendarCheck, Coins, ListChecks, Receipt, Rocket } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { BalanceAmount } from '@/components/wallet/balance-amount';
import { getDb } from '@/lib/db';
import { signTaskList, taskRules, userTaskList } from '@/lib/tasks/service';
import { zoneOffsetLabel } from '@/lib/time/zone-name';
import { walletBalancesOf } from '@/lib/wallet/balance-shape';
import { balancesOf } from '@/lib/wallet/ledger';
import { SectionCard } from './section-card';
import { SignInCalendar } from './sign-in-calendar';
import { TaskRows } from './task-rows';
import { WalletStatement } from './wallet-statement';

export async function TasksTab({ userId, now }: { userId: number; now: Date }) {
  const t = await getTranslations('tasks');
  const db = getDb();
  const [sign, tasks, balances, rules] = await Promise.all([
    signTaskList(db, userId, now),
    userTaskList(db, userId, now),
    balancesOf(db, userId),
    taskRules(db),
  ]);
  const daily = tasks.list.filter((task) => task.type === 'daily');
  const once = tasks.list.filter((task) => task.type === 'once');
  const capReached = tasks.earned_today >= tasks.daily_cap;
  return (
    <div className="space-y-5">
      <div className="grid gap-5 layout:grid-cols-[260px_1fr]">
        <section aria-label={t('coinBalance')} className="rounded-xl border border-line bg-surface px-5 py-4">
          <p className="flex items-center gap-1.5 text-sm text-ink-500">
            <Coins aria-hidden className="size-4 text-brand-500" />
            {t('coinBalance')}
          </p>
          <p className="mt-1 text-3xl font-semibold text-ink-900 tabular-nums">
            <BalanceAmount currency="coin" server={walletBalancesOf(balances)} testId="task-coins" />
          </p>
          <p className="mt-2 text-xs leading-5 text-ink-500">{t('coinHint')}</p>
        </section>
        <SectionCard
          id="sign-in"
          title={t('signTitle')}
          icon={CalendarCheck}
          aside={
            <span className="text-xs text-ink-500" data-testid="sign-streak">
              {t('signStreak', { days: sign.streak })}
            </span>
          }
        >
          <SignInCalendar
            days={sign.list}
            today={sign.today}
            signed={sign.is_sign}
            rule={t('signRule', { zone: zoneOffsetLabel(rules.timeZone, now) })}
          />
        </SectionCard>
      </div>
      <SectionCard
        id="daily-tasks"
        title={t('dailyTitle')}
        icon={ListChecks}
        aside={
          <span className="text-xs text-ink-500 tabular-nums">
            {t('capNote', { earned: tasks.earned_today, cap: tasks.daily_cap })}
          </span>
        }
      >
        <TaskRows tasks={daily} capReached={capReached} />
      </SectionCard>
      <SectionCard id="once-tasks" title={t('onceTitle')} icon={Rocket}>
        <TaskRows tasks={once} capReached={capReached} />
      </SectionCard>
      <SectionCard id="coin-records" title={t('recordsTitle')} icon={Receipt} times className="[&>div]:p-0">
        <WalletStatement types={['coin']} emptyHint={t('recordsEmpty')} />
      </SectionCard>
    </div>
  );
}
