'use client';
// Granting a role: find the account by id or mobile, pick the role, give the reason. The same dialog
// changes or takes back the role of a staff member from their row.
import { UserCog } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { ReasonDialog, type ReasonOption } from '@/components/admin/reason-dialog';
import { Button } from '@/components/ui/button';
import { FIELD_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';

const ROLES = ['operator', 'moderator', 'finance', 'user'] as const;
type RoleValue = (typeof ROLES)[number];
type Person = { id: number; nickname: string; mobile: string; role: RoleValue };
const REASON_CODES = ['new_duty', 'duty_change', 'left_team', 'security', 'other'] as const;

function useRoleTexts() {
  const t = useTranslations('admin.ops.roles');
  const roles = useTranslations('admin.shell.roles');
  const reasons: ReasonOption[] = REASON_CODES.map((code) => ({ code, label: t(`reasons.${code}`) }));
  return { t, roles, reasons };
}

function RoleSelect({ value, onChange }: { value: RoleValue; onChange: (role: RoleValue) => void }) {
  const { t, roles } = useRoleTexts();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={LABEL_CLASS}>
        {t('role')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as RoleValue)}
        className={`${FIELD_CLASS} h-9`}
        data-testid="role-select"
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {role === 'user' ? t('noRole') : roles(role)}
          </option>
        ))}
      </select>
    </div>
  );
}

async function grant(userId: number, role: RoleValue, reason: { reason_code: string; reason: string }) {
  const { api } = await import('@/lib/http/client');
  await api.post('api/admin/staff/grant', { user_id: userId, role, ...reason }, { silent: true });
}

/** The row's "change role" action. */
export function ChangeRole({ person, self }: { person: Person; self: boolean }) {
  const { t, reasons } = useRoleTexts();
  const router = useRouter();
  const [role, setRole] = useState<RoleValue>(person.role);
  if (self) return <span className="text-xs text-ink-500">{t('you')}</span>;
  return (
    <ReasonDialog
      trigger={
        <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" data-testid="role-change">
          <UserCog aria-hidden className="size-3.5" />
          {t('change')}
        </Button>
      }
      title={t('changeTitle', { name: person.nickname })}
      reasons={reasons}
      confirmLabel={t('save')}
      onConfirm={async (reason) => {
        await grant(person.id, role, reason);
        router.refresh();
      }}
    >
      <RoleSelect value={role} onChange={setRole} />
    </ReasonDialog>
  );
}

/** The page's "grant a role" form. */
export function GrantRole() {
  const { t, roles, reasons } = useRoleTexts();
  const router = useRouter();
  const id = useId();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<Person | null>(null);
  const [missing, setMissing] = useState(false);
  const [role, setRole] = useState<RoleValue>('moderator');
  const [done, setDone] = useState<string | null>(null);

  async function lookup(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    const { api } = await import('@/lib/http/client');
    const person = await api.get<Person | null>('api/admin/staff/lookup', { q: q.trim() });
    setFound(person);
    setMissing(!person);
  }

  return (
    <section className="mb-4 rounded-lg border border-line bg-surface p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-sm font-semibold text-ink-900">
        {t('grantTitle')}
      </h2>
      <form onSubmit={lookup} className="mt-3 flex flex-wrap items-end gap-2">
        <div className="w-56">
          <label htmlFor={`${id}-q`} className={LABEL_CLASS}>
            {t('lookup')}
          </label>
          <input
            id={`${id}-q`}
            inputMode="numeric"
            value={q}
            onChange={(event) => setQ(event.target.value.replace(/\D/g, '').slice(0, 11))}
            placeholder={t('lookupHint')}
            className={`${FIELD_CLASS} h-9`}
            data-testid="role-lookup"
          />
        </div>
        <Button type="submit" variant="secondary" size="sm" className="h-9" disabled={!q.trim()}>
          {t('find')}
        </Button>
        {missing ? (
          <p role="status" className="self-center text-sm text-ink-500">
            {t('notFound')}
          </p>
        ) : null}
      </form>
      {found ? (
        <div
          className="mt-3 flex flex-wrap items-center gap-3 rounded-md bg-canvas px-3 py-2 text-sm"
          data-testid="role-found"
        >
          <span className="font-medium text-ink-900">{found.nickname}</span>
          <span className="text-ink-500 tabular-nums">
            #{found.id} · {found.mobile}
          </span>
          <span className="text-ink-500">{found.role === 'user' ? t('noRole') : roles(found.role)}</span>
          <ReasonDialog
            trigger={
              <Button size="sm" className="ml-auto" data-testid="role-grant">
                {t('grant')}
              </Button>
            }
            title={t('changeTitle', { name: found.nickname })}
            reasons={reasons}
            confirmLabel={t('save')}
            onConfirm={async (reason) => {
              await grant(found.id, role, reason);
              setDone(
                t('granted', { name: found.nickname, role: role === 'user' ? t('noRole') : roles(role) }),
              );
              setFound(null);
              setQ('');
              router.refresh();
            }}
          >
            <RoleSelect value={role} onChange={setRole} />
          </ReasonDialog>
        </div>
      ) : null}
      {done ? (
        <p role="status" className="mt-2 text-sm text-win" data-testid="role-done">
          {done}
        </p>
      ) : null}
    </section>
  );
}
