import 'server-only';
// What the expert pages read, once per request (metadata and page share it).
import { cache } from 'react';
import { currentUser } from '@/lib/accounts/current-user';
import { getDb } from '@/lib/db';
import { rowIdOf } from '@/lib/db/row-id';
import { getPlan } from '@/lib/experts/plans';
import { expertProfile, getArticle } from '@/lib/experts/profiles';
import type { Locale } from '@/lib/i18n/routing';

/** The instant this render works at, read once per request. */
export const renderNow = cache(() => new Date());

export const planOfRequest = cache(async (rawId: string | undefined, locale: Locale) => {
  const id = rowIdOf(rawId);
  if (!id) return null;
  const viewer = await currentUser();
  // A page render's edge: its instant is read here (pages are outside lib/'s clock rule).
  return getPlan(getDb(), id, viewer?.id ?? null, locale, renderNow()).catch(() => null);
});

export const expertOfRequest = cache(async (rawId: string | undefined) => {
  const id = rowIdOf(rawId);
  if (!id) return null;
  const viewer = await currentUser();
  return expertProfile(getDb(), id, viewer?.id ?? null).catch(() => null);
});

export const articleOfRequest = cache(async (rawId: string | undefined) => {
  const id = rowIdOf(rawId);
  if (!id) return null;
  return getArticle(getDb(), id).catch(() => null);
});

/** `type` of /specialist-home: 0 football, 1 basketball (spec §2). */
export const sportOfType = (type: string | undefined) =>
  (type === '1' ? 'basketball' : 'football') as 'football' | 'basketball';
