'use client';
// The page's panel: the tab is kept in the URL (`?tab=`), so the message centre can be linked to.
import { ImPanel, type ImTab } from '@/components/im/im-panel';

export function ChatPage({ meId, tab }: { meId: number; tab: ImTab }) {
  return (
    <ImPanel
      meId={meId}
      initialTab={tab}
      className="flex-1"
      onTabChange={(next) => {
        const url = new URL(window.location.href);
        if (next === 'chats') url.searchParams.delete('tab');
        else url.searchParams.set('tab', next);
        window.history.replaceState(null, '', url);
      }}
    />
  );
}
