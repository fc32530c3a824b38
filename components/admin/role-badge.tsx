// A staff role as a small tag (operator, moderator, finance), in the reader's language.
import { useTranslations } from 'next-intl';
import { Tag } from './tag';

const LOOKS: Record<string, string> = {
  operator: 'bg-brand-50 text-brand-700',
  moderator: 'bg-sky-50 text-sky-800',
  finance: 'bg-emerald-50 text-emerald-800',
  user: 'bg-canvas text-ink-500',
};

export function RoleBadge({ role }: { role: string }) {
  const t = useTranslations('admin.shell.roles');
  return <Tag look={LOOKS[role] ?? LOOKS.user}>{role in LOOKS ? t(role as 'operator') : role}</Tag>;
}
