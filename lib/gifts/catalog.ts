// The gift catalog a fresh install starts with (operators change it through api/admin/gifts/save).
// Every gift's artwork is drawn in components/live/gifts/gift-art.tsx under the same code.
import type { DbOrTx } from '@/lib/db';
import { gifts } from './schema';

const g = (
  code: string,
  price: number,
  tier: 'small' | 'big',
  sort: number,
  names: [string, string, string, string],
) => ({
  code,
  price,
  tier,
  sort,
  names: { 'zh-CN': names[0], 'zh-TW': names[1], en: names[2], vi: names[3] },
});

export const DEFAULT_GIFTS = [
  g('rose', 1, 'small', 1, ['玫瑰', '玫瑰', 'Rose', 'Hoa hồng']),
  g('whistle', 5, 'small', 2, ['哨子', '哨子', 'Whistle', 'Còi']),
  g('football', 10, 'small', 3, ['足球', '足球', 'Football', 'Quả bóng']),
  g('jersey', 50, 'small', 4, ['球衣', '球衣', 'Jersey', 'Áo đấu']),
  g('scarf', 99, 'small', 5, ['围巾', '圍巾', 'Fan scarf', 'Khăn cổ động']),
  g('golden_boot', 520, 'big', 6, ['金靴', '金靴', 'Golden Boot', 'Giày vàng']),
  g('trophy', 1314, 'big', 7, ['奖杯', '獎盃', 'Trophy', 'Cúp vô địch']),
  g('rocket', 5200, 'big', 8, ['火箭', '火箭', 'Rocket', 'Tên lửa']),
];

/** Adds the default gifts that are missing; never overwrites an operator's changes. */
export async function seedGiftCatalog(db: DbOrTx) {
  await db.insert(gifts).values(DEFAULT_GIFTS).onConflictDoNothing();
}
