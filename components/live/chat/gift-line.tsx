// A gift's line in room chat ("送出 火箭 ×10"), worded in the reader's language with the gift's art.
import { useLocale, useTranslations } from 'next-intl';
import { GiftArt } from '@/components/live/gifts/gift-art';
import type { ChatMessage } from '@/lib/realtime/events';

export function GiftLine({ gift }: { gift: NonNullable<ChatMessage['gift']> }) {
  const t = useTranslations('chat');
  const locale = useLocale();
  return (
    <span data-testid="chat-gift" className="ml-1 text-brand-600">
      {t('giftLine', { gift: gift.names[locale] ?? gift.names['zh-CN'] ?? gift.code, count: gift.count })}
      <GiftArt code={gift.code} size={18} className="ml-1 inline-block align-[-4px]" />
    </span>
  );
}
