'use client';
// The checkout's two buttons: the server delivers the decision as a signed notification, then the
// page is loaded again from the order's new state — also when the decision was refused (a confirm
// after a cancel in another tab): the page then shows what the order became, never a stale choice.
// A full reload, not `router.refresh()`: a refresh can come late or not at all on a busy server, which
// left the checkout with its buttons disabled and no way back to the wallet.
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { useFormPost } from '@/lib/http/use-form-post';

export function SandboxDecision({ orderNo }: { orderNo: string }) {
  const t = useTranslations('wallet.checkout');
  // A refusal is toasted by the client; the page, loaded again, says what the order is now.
  const sender = useFormPost<{ order_no: string; decision: 'confirm' | 'cancel' }>('api/pay/sandbox/decide', {
    refusal: 'toast',
    onSettled: () => window.location.reload(),
  });
  const decide = (decision: 'confirm' | 'cancel') => sender.mutate({ order_no: orderNo, decision });
  // Off from the first tap until the page is loaded again.
  const busy = !sender.isIdle;
  return (
    <div className="flex justify-end gap-3">
      <Button variant="secondary" onClick={() => decide('cancel')} disabled={busy}>
        {t('cancel')}
      </Button>
      <Button
        onClick={() => decide('confirm')}
        disabled={busy}
        className="min-w-36"
        data-testid="checkout-confirm"
      >
        {t('confirm')}
      </Button>
    </div>
  );
}
