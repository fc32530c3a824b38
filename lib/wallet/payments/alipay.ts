// Alipay through the official alipay-sdk: the page-pay address (alipay.trade.page.pay) and the
// asynchronous notification checked with the SDK's own RSA2 verification (checkNotifySign).
import { AlipaySdk } from 'alipay-sdk';
import type { OrderToPay, PayContext, PaymentProvider, VerifiedNotify } from './provider';

export type AlipayConfig = { appId: string; privateKey: string; alipayPublicKey: string; gateway?: string };

const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

export function alipayProvider(config: AlipayConfig): PaymentProvider {
  const sdk = new AlipaySdk({
    appId: config.appId,
    privateKey: config.privateKey,
    alipayPublicKey: config.alipayPublicKey,
    signType: 'RSA2',
    // PEM headers tell the key's format; a bare key is taken as PKCS#1 like Alipay's own tool writes it.
    keyType: config.privateKey.includes('BEGIN PRIVATE KEY') ? 'PKCS8' : 'PKCS1',
    ...(config.gateway ? { gateway: config.gateway } : {}),
  });
  return {
    channel: 'alipay',
    currencies: ['CNY'],
    payUrl: (order: OrderToPay, context: PayContext) =>
      sdk.pageExecute('alipay.trade.page.pay', 'GET', {
        bizContent: {
          out_trade_no: order.orderNo,
          product_code: 'FAST_INSTANT_TRADE_PAY',
          total_amount: (order.priceMinor / 100).toFixed(2),
          subject: order.subject,
        },
        notifyUrl: `${context.origin}/api/pay/notify/alipay`,
        returnUrl: `${context.origin}/member?type=2`,
      }),
    verifyNotify(params): VerifiedNotify | null {
      if (!sdk.checkNotifySign(params)) return null;
      if (params.app_id && params.app_id !== config.appId) return null;
      const amount = Math.round(Number(params.total_amount) * 100);
      if (!params.out_trade_no || !Number.isSafeInteger(amount)) return null;
      return {
        orderNo: params.out_trade_no,
        tradeNo: params.trade_no ?? '',
        paid: PAID.has(params.trade_status ?? ''),
        amountMinor: amount,
      };
    },
    // Alipay stops retrying when it reads exactly "success".
    ack: (ok) => ({ body: ok ? 'success' : 'fail', contentType: 'text/plain' }),
  };
}
