// Contacts (spec §7 `group/*`): the address book, suggested streamers, the reader's live-room fan
// groups, suggested groups to join, and a form to start a group with people from the address book.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';
import { useFormPost } from '@/lib/http/use-form-post';

type Contact = { user_id: number; nickname: string; avatar: string; is_anchor: boolean; fans?: number };
type Group = { group_id: number; name: string; members: number; joined: boolean; room_id: number | null };

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="rounded-lg border border-line bg-surface">
      <header className="flex h-10 items-center border-b border-line px-3">
        <h3 className="text-sm font-medium text-ink-900">{title}</h3>
        <div className="ml-auto">{action}</div>
      </header>
      <div className="p-2">{children}</div>
    </section>
  );
}

function Rows<T>({
  query,
  empty,
  render,
}: {
  query: { data: T[] | undefined; isPending: boolean };
  empty: string;
  render: (row: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <div className="space-y-2 p-1">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-10" />
        ))}
      </div>
    );
  if (!query.data?.length) return <p className="px-2 py-4 text-center text-xs text-ink-500">{empty}</p>;
  return <ul className="max-h-64 space-y-0.5 overflow-y-auto">{query.data.map(render)}</ul>;
}

export function ContactsPanel({
  onMessage,
  onOpenGroup,
}: {
  onMessage: (userId: number) => void;
  onOpenGroup: (groupId: number) => void;
}) {
  const t = useTranslations('im.contacts');
  const queryClient = useQueryClient();
  const book = useQuery({
    queryKey: queryKeys.im.contacts('book'),
    queryFn: () => api.post<Contact[]>('api/group/addressBook'),
  });
  const users = useQuery({
    queryKey: queryKeys.im.contacts('users'),
    queryFn: () => api.post<Contact[]>('api/group/getRecommendUserList'),
  });
  const myGroups = useQuery({
    queryKey: queryKeys.im.contacts('groups'),
    queryFn: () => api.post<Group[]>('api/live/getLiveGroupList'),
  });
  const groups = useQuery({
    queryKey: queryKeys.im.contacts('suggested-groups'),
    queryFn: () => api.post<Group[]>('api/group/getRecommendGroupList'),
  });
  const join = useFormPost<{ group_id: number }, { group_id: number }>('api/im/joinGroup', {
    refusal: 'toast',
    onSuccess: ({ group_id }) => {
      void queryClient.invalidateQueries({ queryKey: ['im', 'contacts'] });
      onOpenGroup(group_id);
    },
  });

  const person = (row: Contact) => (
    <li key={row.user_id} className="flex h-11 items-center gap-2 rounded-md px-2 hover:bg-canvas">
      <img src={row.avatar} alt="" width={32} height={32} className="size-8 rounded-full bg-canvas" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm text-ink-900" title={row.nickname}>
          {row.nickname}
        </span>
        {row.fans !== undefined ? (
          <span className="block text-[11px] text-ink-500">{t('fans', { count: row.fans })}</span>
        ) : null}
      </span>
      <Button size="sm" variant="secondary" onClick={() => onMessage(row.user_id)}>
        {t('message')}
      </Button>
    </li>
  );
  const group = (row: Group) => (
    <li key={row.group_id} className="flex h-11 items-center gap-2 rounded-md px-2 hover:bg-canvas">
      <span className="flex size-8 items-center justify-center rounded-full bg-brand-100 text-brand-600">
        <Users aria-hidden className="size-4" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm text-ink-900" title={row.name}>
          {row.name}
        </span>
        <span className="block text-[11px] text-ink-500">{t('members', { count: row.members })}</span>
      </span>
      {row.joined ? (
        <Button size="sm" variant="secondary" onClick={() => onOpenGroup(row.group_id)}>
          {t('open')}
        </Button>
      ) : (
        <Button size="sm" onClick={() => join.mutate({ group_id: row.group_id })} disabled={join.isPending}>
          {t('join')}
        </Button>
      )}
    </li>
  );

  return (
    <div className="grid min-h-0 flex-1 grid-cols-2 content-start gap-3 overflow-y-auto bg-canvas/50 p-3">
      <Section title={t('addressBook')}>
        <Rows query={book} empty={t('empty')} render={person} />
      </Section>
      <Section title={t('createGroup')}>
        <CreateGroupForm contacts={book.data ?? []} onCreated={onOpenGroup} />
      </Section>
      <Section title={t('recommendUsers')}>
        <Rows query={users} empty={t('noRecommend')} render={person} />
      </Section>
      <Section title={t('myGroups')}>
        <Rows query={myGroups} empty={t('noGroups')} render={group} />
      </Section>
      <Section title={t('recommendGroups')}>
        <Rows query={groups} empty={t('noRecommend')} render={group} />
      </Section>
    </div>
  );
}

function CreateGroupForm({
  contacts,
  onCreated,
}: {
  contacts: Contact[];
  onCreated: (groupId: number) => void;
}) {
  const t = useTranslations('im.contacts');
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const create = useFormPost<{ name: string; user_ids: number[] }, { group_id: number }>(
    'api/group/addgroup',
    {
      refusal: 'toast',
      onSuccess: ({ group_id }) => onCreated(group_id),
    },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) create.mutate({ name: name.trim(), user_ids: picked });
  };
  return (
    <form onSubmit={submit} className="space-y-2 p-1">
      <input
        value={name}
        maxLength={30}
        onChange={(event) => setName(event.target.value)}
        placeholder={t('groupName')}
        aria-label={t('groupName')}
        className="h-9 w-full rounded-md border border-line px-3 text-sm outline-none focus:border-brand-400"
      />
      {contacts.length ? (
        <fieldset>
          <legend className="mb-1 text-xs text-ink-500">{t('pickMembers')}</legend>
          <div className="flex max-h-28 flex-wrap gap-1.5 overflow-y-auto">
            {contacts.map((contact) => (
              <label
                key={contact.user_id}
                className="inline-flex h-7 items-center gap-1 rounded-full border border-line px-2 text-xs text-ink-700 has-[:checked]:border-brand-400 has-[:checked]:bg-brand-50"
              >
                <input
                  type="checkbox"
                  className="size-3"
                  checked={picked.includes(contact.user_id)}
                  onChange={(event) =>
                    setPicked((ids) =>
                      event.target.checked
                        ? [...ids, contact.user_id]
                        : ids.filter((id) => id !== contact.user_id),
                    )
                  }
                />
                {contact.nickname}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <Button type="submit" size="sm" disabled={!name.trim() || create.isPending}>
        {t('create')}
      </Button>
    </form>
  );
}
