// The message catalogs, loaded statically so server code outside React (the API) can translate too.
import en from '@/messages/en.json';
import vi from '@/messages/vi.json';
import zhCN from '@/messages/zh-CN.json';
import zhTW from '@/messages/zh-TW.json';
import type { Locale } from './routing';

export type Messages = typeof zhCN;

export const catalogs: Record<Locale, Messages> = { 'zh-CN': zhCN, 'zh-TW': zhTW, en, vi };
