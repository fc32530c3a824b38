// The sign-in calendar: the cycle's seven days with their coins, today marked, and the check-in button
// (`api/Activity/task_handle_sign`, ./claim-button.tsx). Server markup; the button is the client leaf.
import { Check, Coins } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { ClaimButton } from './claim-button';

type Day = { id: number; reward: number; is_sign: boolean };

export function SignInCalendar({
  days,
  today,
  signed,
  rule,
}: {
  days: Day[];
  today: number;
  signed: boolean;
  rule: string;
}) {
  const t = useTranslations('tasks');
  const reward = days.find((day) => day.id === today)?.reward ?? 0;
  return (
    <div>
      <ol className="grid grid-cols-4 gap-2 sm:grid-cols-7" data-testid="sign-calendar">
        {days.map((day) => {
          const isToday = day.id === today;
          return (
            <li
              key={day.id}
              aria-current={isToday ? 'date' : undefined}
              className={cn(
                'flex h-[88px] flex-col items-center justify-center gap-1 rounded-lg border text-sm',
                day.is_sign
                  ? 'border-brand-200 bg-brand-50 text-brand-600'
                  : isToday
                    ? 'border-brand-400 bg-surface text-ink-900'
                    : 'border-line bg-canvas text-ink-500',
              )}
            >
              <span className="text-xs whitespace-nowrap">
                {isToday ? t('signToday') : t('signDay', { day: day.id })}
              </span>
              {day.is_sign ? (
                <Check aria-hidden className="size-5" strokeWidth={2.5} />
              ) : (
                <Coins aria-hidden className="size-5 text-brand-500" />
              )}
              <span className="font-medium tabular-nums">+{day.reward}</span>
            </li>
          );
        })}
      </ol>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        {signed ? (
          // Once signed, a quiet button: the brand colour is for what can still be done.
          <Button variant="secondary" disabled className="min-w-40" data-testid="sign-button">
            {t('signedButton')}
          </Button>
        ) : (
          <ClaimButton
            claim={{ path: 'api/Activity/task_handle_sign', body: { id: today }, done: 'signDone' }}
            doneLabel={t('signedButton')}
            className="min-w-40"
            testId="sign-button"
          >
            {t('signButton', { coins: reward })}
          </ClaimButton>
        )}
        <p className="text-xs leading-5 text-ink-500">{rule}</p>
      </div>
    </div>
  );
}
