// The built-in sandbox provider: a checkout page of the portal itself (/pay/sandbox) where the buyer
// confirms or cancels; the decision comes back as a notification signed with the portal's own key,
// through the same path a real provider's notification takes. No money moves anywhere.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { OrderToPay, PayContext, PaymentProvider, VerifiedNotify } from './provider';

export const SANDBOX_FIELDS = ['order_no', 'trade_no', 'status', 'amount'] as const;

function signatureOf(secret: string, params: Record<string, string>) {
  const text = SANDBOX_FIELDS.map((field) => `${field}=${params[field] ?? ''}`).join('&');
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** A notification as the sandbox sends it (also used by tests). */
export function signSandboxNotify(
  secret: string,
  fields: { order_no: string; trade_no: string; status: 'paid' | 'cancelled'; amount: number },
) {
  const params = { ...fields, amount: String(fields.amount) };
  return { ...params, sign: signatureOf(secret, params) };
}

export function sandboxProvider(secret: string): PaymentProvider {
  return {
    channel: 'sandbox',
    currencies: ['CNY', 'VND'],
    payUrl: (order: OrderToPay, context: PayContext) =>
      `${context.origin}/pay/sandbox?order=${encodeURIComponent(order.orderNo)}`,
    verifyNotify(params): VerifiedNotify | null {
      const given = Buffer.from(params.sign ?? '', 'hex');
      const expected = Buffer.from(signatureOf(secret, params), 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const amount = Number(params.amount);
      if (!params.order_no || !Number.isSafeInteger(amount)) return null;
      return {
        orderNo: params.order_no,
        tradeNo: params.trade_no ?? '',
        paid: params.status === 'paid',
        amountMinor: amount,
      };
    },
    ack: (ok) => ({ body: ok ? 'success' : 'fail', contentType: 'text/plain' }),
  };
}
