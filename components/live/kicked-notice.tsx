'use client';
// The notice a kicked-out viewer sees on the room list; the page looked the kick-out up, this only
// lets the viewer put it away.
import { UserX, X } from 'lucide-react';
import { useState } from 'react';

export function KickedNotice({ message, dismissLabel }: { message: string; dismissLabel: string }) {
  const [shown, setShown] = useState(true);
  if (!shown) return null;
  return (
    <div
      role="status"
      data-testid="kicked-notice"
      className="mb-4 flex items-center gap-3 rounded-lg border border-live/30 bg-live/5 px-4 py-3 text-sm text-ink-900"
    >
      <UserX aria-hidden className="size-4 shrink-0 text-live" />
      <p className="flex-1">{message}</p>
      <button
        type="button"
        onClick={() => setShown(false)}
        aria-label={dismissLabel}
        className="rounded-full p-1 text-ink-500 hover:bg-canvas hover:text-ink-900"
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}
