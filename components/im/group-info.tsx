// A group's info panel beside its thread: the members (owner first) and, for any member, inviting more
// people from the address book (people talked to, streamers followed) who are not in yet.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UserPlus, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';
import { useFormPost } from '@/lib/http/use-form-post';

type Member = { user_id: number; nickname: string; avatar: string; is_owner: boolean };
type Contact = { user_id: number; nickname: string; avatar: string };

export function GroupInfo({
  groupId,
  name,
  onClose,
}: {
  groupId: number;
  name: string;
  onClose: () => void;
}) {
  const t = useTranslations('im.group');
  const [inviting, setInviting] = useState(false);
  const [done, setDone] = useState<number | null>(null);
  const members = useQuery({
    queryKey: queryKeys.im.groupMembers(groupId),
    queryFn: () => api.post<Member[]>('api/im/groupMembers', { group_id: groupId }),
  });

  return (
    <aside
      data-testid="group-info"
      aria-label={t('info')}
      className="flex w-64 shrink-0 flex-col border-l border-line bg-surface"
    >
      <header className="flex h-12 shrink-0 items-center gap-2 border-b border-line px-3">
        <h3 className="min-w-0 flex-1 truncate text-sm font-medium text-ink-900" title={name}>
          {name}
        </h3>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('close')}
          className="inline-flex size-7 items-center justify-center rounded-md text-ink-500 hover:bg-canvas hover:text-ink-900"
        >
          <X aria-hidden className="size-4" />
        </button>
      </header>
      <div className="flex h-10 shrink-0 items-center gap-2 px-3">
        <span className="text-xs text-ink-500">
          {members.data ? t('members', { count: members.data.length }) : t('membersLoading')}
        </span>
        {inviting ? null : (
          <Button
            size="sm"
            variant="secondary"
            className="ml-auto"
            onClick={() => {
              setDone(null);
              setInviting(true);
            }}
          >
            <UserPlus aria-hidden className="size-4" />
            {t('invite')}
          </Button>
        )}
      </div>
      {done !== null ? (
        <p role="status" className="mx-3 mb-2 rounded-md bg-brand-50 px-2 py-1.5 text-xs text-brand-700">
          {t('invited', { count: done })}
        </p>
      ) : null}
      {inviting ? (
        <InvitePicker
          groupId={groupId}
          memberIds={members.data?.map((member) => member.user_id) ?? []}
          onCancel={() => setInviting(false)}
          onInvited={(count) => {
            setInviting(false);
            setDone(count);
          }}
        />
      ) : (
        <ul className="min-h-0 flex-1 space-y-0.5 overflow-y-auto px-2 pb-2" data-testid="group-members">
          {members.isPending
            ? [0, 1, 2, 3].map((key) => <Skeleton key={key} className="h-10" />)
            : members.data?.map((member) => (
                <li
                  key={member.user_id}
                  data-testid="group-member"
                  className="flex h-10 items-center gap-2 rounded-md px-2 hover:bg-canvas"
                >
                  <img
                    src={member.avatar}
                    alt=""
                    width={28}
                    height={28}
                    className="size-7 rounded-full bg-canvas"
                  />
                  <span className="min-w-0 flex-1 truncate text-sm text-ink-900" title={member.nickname}>
                    {member.nickname}
                  </span>
                  {member.is_owner ? (
                    <span className="rounded bg-brand-50 px-1.5 py-0.5 text-[11px] text-brand-600">
                      {t('owner')}
                    </span>
                  ) : null}
                </li>
              ))}
        </ul>
      )}
    </aside>
  );
}

function InvitePicker({
  groupId,
  memberIds,
  onCancel,
  onInvited,
}: {
  groupId: number;
  memberIds: number[];
  onCancel: () => void;
  onInvited: (count: number) => void;
}) {
  const t = useTranslations('im.group');
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<number[]>([]);
  const book = useQuery({
    queryKey: queryKeys.im.contacts('book'),
    queryFn: () => api.post<Contact[]>('api/group/addressBook'),
  });
  const candidates = (book.data ?? []).filter((contact) => !memberIds.includes(contact.user_id));
  const invite = useFormPost<{ group_id: number; user_ids: number[] }, { added: number }>(
    'api/group/addGroupUser',
    {
      refusal: 'toast',
      onSuccess: ({ added }) => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.im.groupMembers(groupId) });
        void queryClient.invalidateQueries({ queryKey: ['im', 'contacts'] });
        onInvited(added);
      },
    },
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col border-t border-line" data-testid="invite-picker">
      <p className="px-3 pt-2 text-xs text-ink-500">{t('pick')}</p>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 py-1.5">
        {book.isPending ? (
          [0, 1, 2].map((key) => <Skeleton key={key} className="mb-1 h-10" />)
        ) : candidates.length === 0 ? (
          <p className="px-2 py-6 text-center text-xs text-ink-500">{t('noCandidates')}</p>
        ) : (
          <ul className="space-y-0.5">
            {candidates.map((contact) => (
              <li key={contact.user_id}>
                <label className="flex h-10 cursor-pointer items-center gap-2 rounded-md px-2 hover:bg-canvas has-[:checked]:bg-brand-50">
                  <input
                    type="checkbox"
                    className="size-3.5"
                    checked={picked.includes(contact.user_id)}
                    onChange={(event) =>
                      setPicked((ids) =>
                        event.target.checked
                          ? [...ids, contact.user_id]
                          : ids.filter((id) => id !== contact.user_id),
                      )
                    }
                  />
                  <img
                    src={contact.avatar}
                    alt=""
                    width={28}
                    height={28}
                    className="size-7 rounded-full bg-canvas"
                  />
                  <span className="min-w-0 flex-1 truncate text-sm text-ink-900" title={contact.nickname}>
                    {contact.nickname}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex shrink-0 items-center justify-end gap-2 border-t border-line p-2">
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button
          size="sm"
          onClick={() => invite.mutate({ group_id: groupId, user_ids: picked })}
          disabled={picked.length === 0 || invite.isPending}
        >
          {t('inviteCount', { count: picked.length })}
        </Button>
      </div>
    </div>
  );
}
