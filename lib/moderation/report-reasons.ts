// The report reasons (spec §7 `Reportuser/classifyList`), named as viewers of each locale would say
// them. Seeded idempotently by code; operators may add or disable rows later.
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { reportReasons } from './schema';

const REASONS = [
  {
    code: 'porn',
    names: {
      'zh-CN': '色情低俗',
      'zh-TW': '色情低俗',
      en: 'Sexual or vulgar content',
      vi: 'Nội dung khiêu dâm, dung tục',
    },
  },
  {
    code: 'illegal',
    names: {
      'zh-CN': '涉政/违法',
      'zh-TW': '涉政／違法',
      en: 'Political or illegal content',
      vi: 'Nội dung chính trị hoặc vi phạm pháp luật',
    },
  },
  {
    code: 'gambling',
    names: {
      'zh-CN': '赌博或博彩广告',
      'zh-TW': '賭博或博彩廣告',
      en: 'Gambling or betting ads',
      vi: 'Cờ bạc hoặc quảng cáo cá cược',
    },
  },
  {
    code: 'piracy',
    names: {
      'zh-CN': '侵权盗播',
      'zh-TW': '侵權盜播',
      en: 'Pirated or infringing stream',
      vi: 'Phát lậu, vi phạm bản quyền',
    },
  },
  {
    code: 'abuse',
    names: {
      'zh-CN': '辱骂/人身攻击',
      'zh-TW': '辱罵／人身攻擊',
      en: 'Abuse or personal attacks',
      vi: 'Lăng mạ, công kích cá nhân',
    },
  },
  {
    code: 'fraud',
    names: {
      'zh-CN': '诈骗/虚假宣传',
      'zh-TW': '詐騙／虛假宣傳',
      en: 'Scam or false advertising',
      vi: 'Lừa đảo, quảng cáo sai sự thật',
    },
  },
  {
    code: 'minors',
    names: {
      'zh-CN': '未成年人不当行为',
      'zh-TW': '未成年人不當行為',
      en: 'Inappropriate conduct involving minors',
      vi: 'Hành vi không phù hợp liên quan trẻ vị thành niên',
    },
  },
  {
    code: 'other',
    names: { 'zh-CN': '其他', 'zh-TW': '其他', en: 'Other', vi: 'Khác' },
    needsContent: true,
  },
];

export async function seedReportReasons(db: DbOrTx) {
  for (const [index, reason] of REASONS.entries()) {
    await db
      .insert(reportReasons)
      .values({
        code: reason.code,
        names: reason.names,
        needsContent: reason.needsContent ?? false,
        sort: index,
      })
      .onConflictDoNothing({ target: reportReasons.code });
  }
}

export const reasonName = (names: Record<string, string>, locale: Locale) =>
  names[locale] ?? names['zh-CN'] ?? Object.values(names)[0] ?? '';

export async function listReportReasons(db: DbOrTx, locale: Locale) {
  const rows = await db
    .select()
    .from(reportReasons)
    .where(eq(reportReasons.enabled, true))
    .orderBy(asc(reportReasons.sort), asc(reportReasons.id));
  return rows.map((row) => ({
    id: row.id,
    name: reasonName(row.names, locale),
    needs_content: row.needsContent,
  }));
}

export async function findReportReason(db: DbOrTx, id: number) {
  const [row] = await db.select().from(reportReasons).where(eq(reportReasons.id, id));
  return row?.enabled ? row : null;
}
