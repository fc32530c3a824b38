// /admin/coin-rules: the coins' earning rules (issue 30): sign-in rewards, each task's reward and target,
// the daily cap, and the invitation program's reward, caps and fraud threshold. Saved through the staff
// routes (finance, operators), applied at once on every node, kept in the audit log.
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { inviteRules } from '@/lib/invites/rules';
import { TASKS, type TaskCode } from '@/lib/tasks/rules';
import { taskRules } from '@/lib/tasks/service';
import { InviteRulesForm, TaskRulesForm } from './rules-forms';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'admin.coins' });
  return { title: t('title') };
}

export default async function CoinRulesPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('coinRules');
  const t = await getTranslations('admin.coins');
  const taskNames = await getTranslations('tasks.names');
  const [tasks, invites] = await Promise.all([taskRules(getDb()), inviteRules(getDb())]);
  return (
    <>
      <AdminPageHeader title={t('title')} description={t('description')} />
      <div className="space-y-4">
        <TaskRulesForm
          rules={tasks}
          // A name states its stored target ("观看直播 10 分钟"): a saved change renames the row.
          names={
            Object.fromEntries(
              TASKS.map((task) => [task, taskNames(task, { target: tasks.tasks[task].target })]),
            ) as Record<TaskCode, string>
          }
        />
        <InviteRulesForm rules={invites} />
      </div>
    </>
  );
}
