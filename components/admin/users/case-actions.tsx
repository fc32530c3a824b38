'use client';
// Actions of a user's case file beside mute and ban: remove their content of a date range, reset the
// avatar or the nickname (each through the reason dialog: a code and words the user is told, and the
// audit log keeps), and the staff note form. The page refreshes with the new state.
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { ReasonDialog, type ReasonOption } from '@/components/admin/reason-dialog';
import { Button } from '@/components/ui/button';
import { FIELD_CLASS, INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { useTimeFormat } from '@/components/ui/time-view';
import type { DecisionReason } from '@/lib/admin/decision';
import { useFormPost } from '@/lib/http/use-form-post';
import { instantFromWallTime, wallTimeOf } from '@/lib/time/zone';

const NOTE_MAX = 500;

async function post(path: string, body: object) {
  const { api } = await import('@/lib/http/client');
  return api.post(path, body, { silent: true });
}

/** "Remove content": their posts, videos, comments and chat lines written between two times. */
export function RemoveContentAction({
  userId,
  name,
  reasons,
}: {
  userId: number;
  name: string;
  reasons: readonly ReasonOption[];
}) {
  const t = useTranslations('admin.users');
  const id = useId();
  const router = useRouter();
  const timeZone = useTimeFormat().times.timeZone;
  // The last 24 hours by default: what a flood usually needs.
  const [from, setFrom] = useState(() => wallTimeOf(new Date(Date.now() - 86_400_000), timeZone));
  const [to, setTo] = useState(() => wallTimeOf(new Date(Date.now() + 60_000), timeZone));

  async function confirm(reason: DecisionReason) {
    const start = instantFromWallTime(from, timeZone);
    const end = instantFromWallTime(to, timeZone);
    if (!start || !end) throw new Error(t('rangeMissing'));
    await post('api/admin/users/removeContent', {
      user_id: userId,
      from: start.toISOString(),
      to: end.toISOString(),
      ...reason,
    });
    router.refresh();
  }

  return (
    <ReasonDialog
      trigger={
        <Button size="sm" variant="secondary" data-testid="remove-content">
          {t('removeContent')}
        </Button>
      }
      title={t('removeTitle', { name })}
      description={t('removeHint')}
      reasons={reasons}
      confirmLabel={t('removeContent')}
      tone="danger"
      onConfirm={confirm}
    >
      <div className="grid gap-2 sm:grid-cols-2">
        <WallTimeField
          id={`${id}-from`}
          label={t('rangeFrom')}
          value={from}
          onChange={setFrom}
          testId="remove-from"
        />
        <WallTimeField id={`${id}-to`} label={t('rangeTo')} value={to} onChange={setTo} testId="remove-to" />
      </div>
    </ReasonDialog>
  );
}

/** A labelled wall-time input (the viewer's zone), for one end of a range. */
function WallTimeField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <div>
      <label htmlFor={props.id} className={LABEL_CLASS}>
        {props.label}
      </label>
      <input
        id={props.id}
        type="datetime-local"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        className={INPUT_CLASS}
        data-testid={props.testId}
      />
    </div>
  );
}

/** "Reset avatar" and "Reset nickname": back to the default, with a reason. */
export function ResetProfileActions({
  userId,
  name,
  reasons,
}: {
  userId: number;
  name: string;
  reasons: readonly ReasonOption[];
}) {
  const t = useTranslations('admin.users');
  const router = useRouter();
  return (
    <>
      {(['avatar', 'nickname'] as const).map((field) => (
        <ReasonDialog
          key={field}
          trigger={
            <Button size="sm" variant="secondary" data-testid={`reset-${field}`}>
              {t(`reset.${field}`)}
            </Button>
          }
          title={t(`reset.${field}Title`, { name })}
          description={t(`reset.${field}Hint`)}
          reasons={reasons}
          confirmLabel={t(`reset.${field}`)}
          onConfirm={async (reason) => {
            await post('api/admin/users/resetProfile', { user_id: userId, field, ...reason });
            router.refresh();
          }}
        />
      ))}
    </>
  );
}

/** The staff note form: kept on the case file and in the audit log, never edited. */
export function StaffNoteForm({ userId }: { userId: number }) {
  const t = useTranslations('admin.users');
  const id = useId();
  const router = useRouter();
  const [body, setBody] = useState('');
  const save = useFormPost<{ user_id: number; body: string }>('api/admin/users/note', {
    failed: t('noteFailed'),
    onSuccess: () => {
      setBody('');
      router.refresh();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ user_id: userId, body });
  }

  return (
    <form onSubmit={submit} className="mb-3" data-testid="note-form">
      <div className="flex items-baseline justify-between">
        <label htmlFor={`${id}-note`} className={LABEL_CLASS}>
          {t('noteLabel')}
        </label>
        <span className="text-xs text-ink-500 tabular-nums">
          {body.length}/{NOTE_MAX}
        </span>
      </div>
      <textarea
        id={`${id}-note`}
        rows={2}
        maxLength={NOTE_MAX}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        className={`${FIELD_CLASS} h-16 resize-none py-2`}
        data-testid="note-body"
      />
      <div className="mt-2 flex flex-wrap items-center justify-end gap-2">
        {save.error ? (
          <p role="alert" className="mr-auto text-xs text-live">
            {save.error}
          </p>
        ) : null}
        <Button size="sm" type="submit" disabled={save.isPending} data-testid="note-save">
          {t('noteSave')}
        </Button>
      </div>
    </form>
  );
}
