// VNPay through the vnpay package: the payment address and the IPN checked with its HMAC-SHA512
// verification (verifyIpnCall). Amounts are VND (no minor unit).
import { VNPay } from 'vnpay';
import type { OrderToPay, PayContext, PaymentProvider, VerifiedNotify } from './provider';

export type VnpayConfig = { tmnCode: string; secureSecret: string; host?: string };

export function vnpayProvider(config: VnpayConfig): PaymentProvider {
  const vnpay = new VNPay({
    tmnCode: config.tmnCode,
    secureSecret: config.secureSecret,
    ...(config.host ? { vnpayHost: config.host } : { testMode: true }),
  });
  return {
    channel: 'vnpay',
    currencies: ['VND'],
    payUrl: (order: OrderToPay, context: PayContext) =>
      vnpay.buildPaymentUrl({
        vnp_Amount: order.priceMinor,
        vnp_IpAddr: context.clientIp,
        vnp_TxnRef: order.orderNo,
        vnp_OrderInfo: order.subject,
        vnp_ReturnUrl: `${context.origin}/member?type=2`,
      }),
    verifyNotify(params): VerifiedNotify | null {
      const checked = vnpay.verifyIpnCall(params as never);
      if (!checked.isVerified) return null;
      const amount = Number(checked.vnp_Amount);
      return {
        orderNo: String(checked.vnp_TxnRef),
        tradeNo: String(checked.vnp_TransactionNo ?? ''),
        paid: checked.isSuccess,
        amountMinor: amount,
      };
    },
    ack: (ok) => ({
      body: JSON.stringify(
        ok ? { RspCode: '00', Message: 'Confirm Success' } : { RspCode: '97', Message: 'Invalid Checksum' },
      ),
      contentType: 'application/json',
    }),
  };
}
