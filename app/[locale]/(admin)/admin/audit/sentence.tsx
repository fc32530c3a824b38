// The audit log's entries as sentences in the reader's language ("财务 王五 驳回了 解说老李 的提现申请 #12：
// 收款账户与实名信息不符"), from the action's message (lib/audit/sentences.ts), the actor's role and name,
// the target (a user by their nickname), a queue decision's verdict, items and person, and the reason's
// code in the reader's words with the staff member's own.
import 'server-only';
import { inArray } from 'drizzle-orm';
import { getTranslations } from 'next-intl/server';
import { users } from '@/lib/accounts/schema';
import type { AuditListEntry } from '@/lib/audit/query';
import { decisionOf, sentenceOf } from '@/lib/audit/sentences';
import type { Db } from '@/lib/db';
import { splitReason } from '@/lib/review/decided';

export async function describeEntries(db: Db, rows: readonly AuditListEntry[]) {
  const t = await getTranslations('admin.audit');
  const roles = await getTranslations('admin.shell.roles');
  const items = await getTranslations('im.notices.items');
  const reasons = await getTranslations('im.notices.reasons');
  const say = t as unknown as (key: string, values?: Record<string, string>) => string;

  // The people named: users an entry targets and those a queue decision concerned.
  const ids = new Set<number>();
  for (const row of rows) {
    const entry = sentenceOf(row.action);
    if (entry?.user && /^\d{1,9}$/.test(row.targetId)) ids.add(Number(row.targetId));
    if (entry?.key === 'reviewDecide') for (const owner of decisionOf(row.after).owners) ids.add(owner);
  }
  const names = new Map(
    ids.size
      ? (
          await db
            .select({ id: users.id, nickname: users.nickname })
            .from(users)
            .where(inArray(users.id, [...ids]))
        ).map((row) => [row.id, row.nickname])
      : [],
  );

  const itemLabel = (source: string) => (items.has(source as never) ? items(source as never) : source);
  const reasonText = (reason: string) => {
    if (!reason) return '';
    const { code, note } = splitReason(reason);
    const label = reasons.has(code as never) ? reasons(code as never) : code;
    return note ? t('reasonWithNote', { reason: label, note }) : label;
  };
  const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();

  function sentenceValues(
    row: AuditListEntry,
    entry: NonNullable<ReturnType<typeof sentenceOf>>,
  ): Record<string, string> {
    const actor = t('actor', {
      role: roles.has(row.actorRole as never) ? roles(row.actorRole as never) : row.actorRole,
      name: row.actorName ?? `#${row.actorId}`,
    });
    const id = row.targetId;
    const target = !id
      ? ''
      : entry.user
        ? (names.get(Number(id)) ?? `#${id}`)
        : /^\d+$/.test(id)
          ? `#${id}`
          : id;
    if (!entry.source) return { actor, target };
    const decided = decisionOf(row.after);
    const listed = decided.ids.length ? decided.ids : id ? id.split(',') : [];
    const owner = decided.owners.length === 1 ? (names.get(decided.owners[0]!) ?? '') : '';
    return {
      actor,
      target,
      item: itemLabel(entry.source),
      ids: listed.map((one) => `#${one}`).join(', '),
      verb: t(`verbs.${decided.decision ?? 'other'}`),
      owner,
      hasOwner: owner ? 'yes' : 'no',
    };
  }

  return {
    sentenceFor(row: AuditListEntry) {
      const entry = sentenceOf(row.action);
      if (!entry) return { sentence: tidy(`${row.action} ${row.targetId}`), link: null };
      const sentence = tidy(say(`sentences.${entry.key}`, sentenceValues(row, entry)));
      const reason = reasonText(row.reason);
      return {
        sentence: reason ? t('withReason', { sentence, reason }) : sentence,
        link: entry.link?.(row.targetId) ?? null,
      };
    },
    /** What an action does, without who or what: the action filter's option. */
    actionLabel(action: string) {
      const entry = sentenceOf(action);
      if (!entry) return action;
      const values: Record<string, string> = entry.source
        ? {
            actor: '',
            target: '',
            item: itemLabel(entry.source),
            ids: '',
            verb: t('verbs.other'),
            owner: '',
            hasOwner: 'no',
          }
        : { actor: '', target: '' };
      return tidy(say(`sentences.${entry.key}`, values));
    },
  };
}
