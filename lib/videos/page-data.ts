import 'server-only';
// The video a /video-player request shows, once per request (metadata and page share it).
import { cache } from 'react';
import { currentUser } from '@/lib/accounts/current-user';
import { DomainError } from '@/lib/api/errors';
import { getDb } from '@/lib/db';
import { rowIdOf } from '@/lib/db/row-id';
import type { Locale } from '@/lib/i18n/routing';
import { getVideo } from './service';

/** The video, `'removed'` where staff took it down (others meet a tombstone), or null. */
export const videoOfRequest = cache(async (rawId: string | undefined, locale: Locale) => {
  const id = rowIdOf(rawId);
  if (id === null) return null;
  const viewer = await currentUser();
  return getVideo(getDb(), id, locale, viewer ? { id: viewer.id, role: viewer.role } : null).catch(
    (error: unknown) =>
      error instanceof DomainError && error.code === 'VIDEO_REMOVED' ? ('removed' as const) : null,
  );
});
