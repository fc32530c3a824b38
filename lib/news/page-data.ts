import 'server-only';
// The article a /detail or /comment request reads, once per request (metadata and page share it).
import { cache } from 'react';
import { currentUser, renderInstant } from '@/lib/accounts/current-user';
import { getDb } from '@/lib/db';
import { rowIdOf } from '@/lib/db/row-id';
import type { Locale } from '@/lib/i18n/routing';
import { getArticle } from './service';

export const articleOfRequest = cache(async (rawId: string | undefined, locale: Locale) => {
  const id = rowIdOf(rawId);
  if (id === null) return null;
  const viewer = await currentUser();
  return getArticle(getDb(), id, locale, viewer?.id ?? null, renderInstant()).catch(() => null);
});
