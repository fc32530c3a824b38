// Loads a match for the detail and live screens from `?id=`; an unknown or malformed id is the 404 page.
import 'server-only';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { NotFoundError } from '@/lib/api/errors';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { presentSummary } from '@/lib/scores/detail-api';
import { matchLiveSummary, parseMatchId } from '@/lib/scores/detail-service';
import { matchDetail } from '@/lib/scores/service';

async function load(rawId: string | undefined, locale: Locale) {
  const id = parseMatchId(rawId);
  if (id === null) return null;
  try {
    const [detail, live] = await Promise.all([
      matchDetail(getDb(), id, locale),
      matchLiveSummary(getDb(), id),
    ]);
    return { detail, summary: presentSummary(live) };
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** Metadata and page share one load per request. */
export const findMatchPage = cache(load);

export async function loadMatchPage(rawId: string | undefined, locale: Locale) {
  return (await findMatchPage(rawId, locale)) ?? notFound();
}
