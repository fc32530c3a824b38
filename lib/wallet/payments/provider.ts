// Payment providers behind one interface (DESIGN §4): each builds the address the buyer pays at and
// verifies the provider's signed notification. Crediting is the recharge service's job, once per order.

export type PayChannel = 'sandbox' | 'alipay' | 'vnpay';

export type OrderToPay = {
  orderNo: string;
  priceMinor: number;
  priceCurrency: string;
  subject: string;
};

export type PayContext = { origin: string; clientIp: string; now: Date };

/** A verified notification: which order, the provider's trade number, whether it paid and how much. */
export type VerifiedNotify = { orderNo: string; tradeNo: string; paid: boolean; amountMinor: number };

export interface PaymentProvider {
  channel: PayChannel;
  /** Currencies the provider takes. */
  currencies: string[];
  payUrl(order: OrderToPay, context: PayContext): Promise<string> | string;
  /** null when the signature does not check out. */
  verifyNotify(params: Record<string, string>): Promise<VerifiedNotify | null> | VerifiedNotify | null;
  /** What the provider expects as the answer to a notification it sent. */
  ack(ok: boolean): { body: string; contentType: string };
}
