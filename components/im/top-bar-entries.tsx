'use client';
// The signed-in user's message entries in the top bar (./message-entries.tsx), a chunk of their own: the
// server renders them for a signed-in user and the browser fetches their code with the page, while a
// guest's page (every page's first load) carries none of it (their unread query, pushes, overlay state).
import dynamic from 'next/dynamic';

export const TopBarMessageEntries = dynamic(() =>
  import('./message-entries').then((module) => module.TopBarMessageEntries),
);
