'use client';
// The task centre's coin rewards: the daily sign-in (`api/Activity/task_handle_sign`) and a finished task's
// claim (`api/Activity_Config/receive_task`). The new coin balance goes to the shared balances query, the
// coin records below (a client query) are read again, the reward is toasted and the page's server markup
// read again; a refusal is toasted by the shared client. `doneLabel`: the button says so and stays off
// once it went through (the sign-in).
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useFormPost } from '@/lib/http/use-form-post';
import { balancesChanged } from '@/lib/wallet/queries';

type Claim =
  | { path: 'api/Activity/task_handle_sign'; body: { id: number }; done: 'signDone' }
  | { path: 'api/Activity_Config/receive_task'; body: { id: string }; done: 'claimDone' };

export function ClaimButton({
  claim: { path, body, done },
  doneLabel,
  disabled = false,
  size,
  className,
  title,
  testId,
  children,
}: {
  claim: Claim;
  doneLabel?: ReactNode;
  disabled?: boolean;
  size?: 'sm' | 'md';
  className?: string;
  title?: string;
  testId?: string;
  children: ReactNode;
}) {
  const t = useTranslations('tasks');
  const queryClient = useQueryClient();
  const send = useFormPost<object, { reward: number; balance: number }>(path, {
    refusal: 'toast',
    refresh: true,
    onSuccess: (answer) => {
      balancesChanged(queryClient, { coin: answer.balance });
      // The coin records below are a client query: the new line shows without a reload.
      queryClient.invalidateQueries({ queryKey: ['wallet', 'statement'] });
      import('sonner').then(({ toast }) => toast.success(t(done, { coins: answer.reward })));
    },
  });
  const claimed = doneLabel !== undefined && send.isSuccess;
  return (
    <Button
      // Once claimed, a quiet button: the brand colour is for what can still be done.
      variant={claimed ? 'secondary' : 'primary'}
      size={size}
      onClick={() => send.mutate(body)}
      disabled={disabled || send.isPending || claimed}
      className={className}
      title={title}
      data-testid={testId}
    >
      {claimed ? doneLabel : children}
    </Button>
  );
}
