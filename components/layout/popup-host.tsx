// Operator pop-ups (spec §7 pop-up list): shown one after another, each once per browser session.
// The dialog's code loads only when there is something to show.
import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { usePopups } from '@/lib/system/queries';

const PopupDialog = dynamic(() => import('./popup-dialog'), { ssr: false });
const SEEN_KEY = 'popupsSeen';

function readSeen(): number[] {
  try {
    return JSON.parse(sessionStorage.getItem(SEEN_KEY) ?? '[]');
  } catch {
    return [];
  }
}

export function PopupHost() {
  const { data: popups } = usePopups();
  const [seen, setSeen] = useState<number[] | null>(null);
  useEffect(() => setSeen(readSeen()), []);

  const popup = seen ? popups?.find((item) => !seen.includes(item.id)) : undefined;
  if (!popup || !seen) return null;
  const dismiss = () => {
    const next = [...seen, popup.id];
    sessionStorage.setItem(SEEN_KEY, JSON.stringify(next));
    setSeen(next);
  };
  return <PopupDialog key={popup.id} popup={popup} onDismiss={dismiss} />;
}
