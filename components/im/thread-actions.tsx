// The open thread's header actions: block / unblock the other person (C2C), dissolve the group
// (its owner). Both ask before they act.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';
import { useFormPost } from '@/lib/http/use-form-post';
import { type Conversation, conversationName } from './conversation-list';

export function ThreadActions({
  meId,
  conversation,
  blocked,
}: {
  meId: number;
  conversation: Conversation;
  blocked: boolean;
}) {
  const t = useTranslations('im');
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const name = conversationName(conversation);
  const peerId = conversation.userProfile?.userID;
  const ownsGroup =
    conversation.group && !conversation.group.dissolved && conversation.group.owner_id === meId;

  const act = useFormPost<string>(
    (path) => api.post(path, peerId ? { user_id: peerId } : { group_id: conversation.conversationID }),
    {
      onSuccess: (_, path) => {
        setAsking(false);
        setDone(
          path.endsWith('unblock')
            ? t('block.undone', { name })
            : path.endsWith('block')
              ? t('block.done', { name })
              : null,
        );
        void queryClient.invalidateQueries({ queryKey: queryKeys.im.blocks });
        void queryClient.invalidateQueries({ queryKey: queryKeys.im.conversations });
      },
    },
  );

  if (!peerId && !ownsGroup) return null;
  const path = peerId ? (blocked ? 'api/im/unblock' : 'api/im/block') : 'api/group/destroyGroupNew';
  const label = peerId ? (blocked ? t('block.unblock') : t('block.block')) : t('contacts.dissolve');
  const question = peerId ? t('block.confirm', { name }) : t('contacts.dissolveConfirm', { name });
  const asks = !(peerId && blocked);

  return (
    <div className="ml-auto flex items-center gap-2 text-xs">
      {done ? (
        <span role="status" className="text-ink-500">
          {done}
        </span>
      ) : null}
      {asking ? (
        <>
          <span className="max-w-72 truncate text-ink-700" title={question}>
            {question}
          </span>
          <Button size="sm" variant="ghost" onClick={() => setAsking(false)}>
            {t('block.cancel')}
          </Button>
          <Button size="sm" onClick={() => act.mutate(path)} disabled={act.isPending}>
            {label}
          </Button>
        </>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => (asks ? setAsking(true) : act.mutate(path))}
          disabled={act.isPending}
        >
          {label}
        </Button>
      )}
    </div>
  );
}
