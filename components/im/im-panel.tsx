// The messaging panel shared by the overlay and /chat-chat: tabs for chats, contacts and the message
// centre; in chats, the conversation list beside the open thread.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { ZoneHint } from '@/components/ui/zone-hint';
import { cn } from '@/lib/cn';
import { api } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';
import { useFormPost } from '@/lib/http/use-form-post';
import { ContactsPanel } from './contacts-panel';
import { type Conversation, ConversationList } from './conversation-list';
import { MessageThread } from './message-thread';
import { NoticesPanel } from './notices-panel';

export const IM_TABS = ['chats', 'contacts', 'notices'] as const;
export type ImTab = (typeof IM_TABS)[number];

export function ImPanel({
  meId,
  initialTab = 'chats',
  initialPeerId,
  onTabChange,
  className,
}: {
  meId: number;
  initialTab?: ImTab;
  initialPeerId?: number | undefined;
  onTabChange?: (tab: ImTab) => void;
  className?: string;
}) {
  const t = useTranslations('im');
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<ImTab>(initialTab);
  const [selected, setSelected] = useState<Conversation | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);

  const openWith = useFormPost<number, { conversation_id: number }>(
    (peerId) => api.post<{ conversation_id: number }>('api/im/open', { user_id: peerId }),
    {
      onSuccess: async ({ conversation_id }) => {
        // The list's first load may still be in flight, begun before the conversation existed; an
        // invalidation would join that load (TanStack only restarts fetches that already have data),
        // so cancel it and load afresh.
        await queryClient.cancelQueries({ queryKey: queryKeys.im.conversations });
        await queryClient.invalidateQueries({ queryKey: queryKeys.im.conversations });
        setSelectedId(conversation_id);
        switchTab('chats');
      },
    },
  );
  const { mutate: openPeer } = openWith;
  // biome-ignore lint/correctness/useExhaustiveDependencies: opens the asked-for conversation once
  useEffect(() => {
    if (initialPeerId) openPeer(initialPeerId);
  }, [initialPeerId]);

  function switchTab(next: ImTab) {
    setTab(next);
    onTabChange?.(next);
  }

  return (
    <div className={cn('flex min-h-0 flex-col', className)}>
      <div className="flex shrink-0 items-center border-b border-line">
        <div role="tablist" className="flex min-w-0 flex-1 gap-1 overflow-x-auto px-2 sm:px-3">
          {IM_TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={tab === name}
              onClick={() => switchTab(name)}
              className={cn(
                'h-10 shrink-0 border-b-2 px-2 text-sm whitespace-nowrap sm:-mb-px sm:px-3',
                tab === name
                  ? 'border-brand-500 font-medium text-brand-600'
                  : 'border-transparent text-ink-500 hover:text-ink-900',
              )}
            >
              {t(`tabs.${name}`)}
            </button>
          ))}
        </div>
        {/* The zone the lists' and threads' times are in (beside the tabs where there is room). */}
        <span className="hidden shrink-0 px-3 sm:block">
          <ZoneHint />
        </span>
      </div>
      {tab === 'chats' ? (
        <div className="flex min-h-0 flex-1">
          <ConversationList
            meId={meId}
            selectedId={selected?.conversationID ?? selectedId}
            onSelect={(conversation) => {
              setSelected(conversation);
              setSelectedId(conversation.conversationID);
            }}
            onResolve={(conversation) => setSelected(conversation)}
            wantedId={selectedId}
          />
          {selected ? (
            <MessageThread key={selected.conversationID} meId={meId} conversation={selected} />
          ) : (
            <div className="flex flex-1 items-center justify-center bg-canvas/50 text-sm text-ink-500">
              {t('messages.pick')}
            </div>
          )}
        </div>
      ) : tab === 'contacts' ? (
        <ContactsPanel
          onMessage={(peerId) => openPeer(peerId)}
          onOpenGroup={(id) => {
            setSelected(null);
            setSelectedId(id);
            void queryClient.invalidateQueries({ queryKey: queryKeys.im.conversations });
            switchTab('chats');
          }}
        />
      ) : (
        <NoticesPanel />
      )}
    </div>
  );
}
