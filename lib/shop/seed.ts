// The exchange shop's starting catalogue (finance and operators change it in the console, /admin/goods):
// gifts for the backpack, nobility trial days, free horn messages, chat badge colours, and fan goods
// shipped home. Gift goods are drawn with the gift's own artwork, the others with their picture in
// public/shop/, unless an operator uploaded one.
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';
import { gifts } from '@/lib/gifts/schema';
import { goods } from './schema';

type Texts = [string, string, string, string];
const byLocale = (texts: Texts) => ({ 'zh-CN': texts[0], 'zh-TW': texts[1], en: texts[2], vi: texts[3] });

const CATALOGUE = [
  {
    code: 'gift_rose_10',
    kind: 'gift' as const,
    gift: 'rose',
    giftCount: 10,
    price: 50,
    stock: 5000,
    perUserLimit: 20,
    names: ['玫瑰 ×10', '玫瑰 ×10', 'Roses ×10', 'Hoa hồng ×10'] as Texts,
    descriptions: [
      '放入背包，进直播间免费送给主播',
      '放入背包，進直播間免費送給主播',
      'Goes into your backpack, to give a streamer for free',
      'Vào ba lô, tặng streamer miễn phí trong phòng live',
    ] as Texts,
  },
  {
    code: 'gift_football_5',
    kind: 'gift' as const,
    gift: 'football',
    giftCount: 5,
    price: 120,
    stock: 2000,
    perUserLimit: 10,
    names: ['足球 ×5', '足球 ×5', 'Footballs ×5', 'Quả bóng ×5'] as Texts,
    descriptions: [
      '放入背包，为喜欢的解说打call',
      '放入背包，為喜歡的解說打call',
      'Into your backpack: cheer on your favourite commentator',
      'Vào ba lô, cổ vũ bình luận viên yêu thích',
    ] as Texts,
  },
  {
    code: 'gift_scarf',
    kind: 'gift' as const,
    gift: 'scarf',
    giftCount: 1,
    price: 400,
    stock: 500,
    perUserLimit: 5,
    names: ['围巾', '圍巾', 'Fan scarf', 'Khăn cổ động'] as Texts,
    descriptions: [
      '价值 99 星钻的礼物，放入背包',
      '價值 99 星鑽的禮物，放入背包',
      'A 99-diamond gift, into your backpack',
      'Quà trị giá 99 kim cương sao, vào ba lô',
    ] as Texts,
  },
  {
    code: 'knight_trial_3',
    kind: 'nobility_trial' as const,
    tier: 1,
    days: 3,
    price: 800,
    stock: 300,
    perUserLimit: 2,
    names: [
      '骑士贵族体验卡 3 天',
      '騎士貴族體驗卡 3 天',
      'Knight nobility, 3-day trial',
      'Thẻ trải nghiệm Hiệp sĩ 3 ngày',
    ] as Texts,
    descriptions: [
      '立即生效：贵族标识、进场特效和每月免费喇叭',
      '立即生效：貴族標識、進場特效和每月免費喇叭',
      'Starts at once: the noble badge, entrance effect and free horns',
      'Có hiệu lực ngay: huy hiệu quý tộc, hiệu ứng vào phòng và loa miễn phí',
    ] as Texts,
  },
  {
    code: 'horn_3',
    kind: 'horn' as const,
    horns: 3,
    price: 300,
    stock: 2000,
    perUserLimit: 10,
    names: ['全站喇叭 ×3', '全站喇叭 ×3', 'Horn messages ×3', 'Loa toàn trang ×3'] as Texts,
    descriptions: [
      '3 条免费全站喇叭，用完贵族额度后优先使用，不再扣星钻',
      '3 條免費全站喇叭，用完貴族額度後優先使用，不再扣星鑽',
      'Three free horn messages, used before any star diamonds are charged',
      '3 tin loa toàn trang miễn phí, dùng trước khi trừ kim cương sao',
    ] as Texts,
  },
  {
    code: 'badge_gold',
    kind: 'badge_color' as const,
    color: 'gold',
    price: 600,
    stock: 1000,
    perUserLimit: 1,
    names: ['弹幕徽章 · 鎏金', '彈幕徽章 · 鎏金', 'Chat badge · Gold', 'Huy hiệu chat · Vàng'] as Texts,
    descriptions: [
      '直播间发言时昵称带上金色徽章，永久拥有，可随时更换',
      '直播間發言時暱稱帶上金色徽章，永久擁有，可隨時更換',
      'Your name in gold on every chat line. Yours to keep; switch any time',
      'Tên bạn nổi bật màu vàng trong chat. Sở hữu vĩnh viễn, đổi bất cứ lúc nào',
    ] as Texts,
  },
  {
    code: 'badge_jade',
    kind: 'badge_color' as const,
    color: 'jade',
    price: 600,
    stock: 1000,
    perUserLimit: 1,
    names: ['弹幕徽章 · 翡翠', '彈幕徽章 · 翡翠', 'Chat badge · Jade', 'Huy hiệu chat · Ngọc bích'] as Texts,
    descriptions: [
      '直播间发言时昵称带上翡翠绿徽章，永久拥有，可随时更换',
      '直播間發言時暱稱帶上翡翠綠徽章，永久擁有，可隨時更換',
      'Your name in jade green on every chat line. Yours to keep; switch any time',
      'Tên bạn nổi bật màu xanh ngọc trong chat. Sở hữu vĩnh viễn, đổi bất cứ lúc nào',
    ] as Texts,
  },
  {
    code: 'badge_azure',
    kind: 'badge_color' as const,
    color: 'azure',
    price: 600,
    stock: 1000,
    perUserLimit: 1,
    names: ['弹幕徽章 · 湛蓝', '彈幕徽章 · 湛藍', 'Chat badge · Azure', 'Huy hiệu chat · Xanh biển'] as Texts,
    descriptions: [
      '直播间发言时昵称带上湛蓝徽章，永久拥有，可随时更换',
      '直播間發言時暱稱帶上湛藍徽章，永久擁有，可隨時更換',
      'Your name in azure on every chat line. Yours to keep; switch any time',
      'Tên bạn nổi bật màu xanh biển trong chat. Sở hữu vĩnh viễn, đổi bất cứ lúc nào',
    ] as Texts,
  },
  {
    code: 'team_scarf',
    kind: 'physical' as const,
    price: 3000,
    stock: 50,
    perUserLimit: 1,
    names: ['主队助威围巾', '主隊助威圍巾', 'Home-team supporter scarf', 'Khăn cổ vũ đội nhà'] as Texts,
    descriptions: [
      '针织实物围巾，包邮到家，7 个工作日内发货',
      '針織實體圍巾，包郵到家，7 個工作天內出貨',
      'A knitted scarf, shipped free within 7 working days',
      'Khăn len thật, miễn phí giao hàng trong 7 ngày làm việc',
    ] as Texts,
  },
  {
    code: 'match_ball',
    kind: 'physical' as const,
    price: 8000,
    stock: 20,
    perUserLimit: 1,
    names: ['5 号比赛用球', '5 號比賽用球', 'Size 5 match ball', 'Bóng thi đấu số 5'] as Texts,
    descriptions: [
      '标准 5 号足球，包邮到家',
      '標準 5 號足球，包郵到家',
      'A regulation size 5 football, shipped free',
      'Bóng đá tiêu chuẩn số 5, miễn phí giao hàng',
    ] as Texts,
  },
];

/** Adds the catalogue's missing goods; never overwrites what operators changed. */
export async function seedShopCatalogue(db: DbOrTx) {
  const giftRows = await db
    .select({ id: gifts.id, code: gifts.code })
    .from(gifts)
    .where(
      inArray(
        gifts.code,
        CATALOGUE.flatMap((item) => ('gift' in item && item.gift ? [item.gift] : [])),
      ),
    );
  const giftId = new Map(giftRows.map((row) => [row.code, row.id]));
  const rows = CATALOGUE.flatMap((item, index) => {
    const base = {
      code: item.code,
      kind: item.kind,
      names: byLocale(item.names),
      descriptions: byLocale(item.descriptions),
      price: item.price,
      stock: item.stock,
      perUserLimit: item.perUserLimit,
      sort: index + 1,
    };
    if ('gift' in item) {
      const id = item.gift && giftId.get(item.gift);
      return id ? [{ ...base, giftId: id, giftCount: item.giftCount }] : [];
    }
    if ('tier' in item) return [{ ...base, nobilityTier: item.tier, trialDays: item.days }];
    if ('horns' in item) return [{ ...base, hornCount: item.horns }];
    if ('color' in item) return [{ ...base, badgeColor: item.color }];
    return [base];
  });
  if (rows.length) await db.insert(goods).values(rows).onConflictDoNothing();
}
