// What the match detail and live screens load from `?id=`, once per request (metadata and page share it); an
// unknown or malformed id is the 404 page.
import 'server-only';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { NotFoundError } from '@/lib/api/errors';
import { getDb } from '@/lib/db';
import { LOCALES, type Locale, localizedPath } from '@/lib/i18n/routing';
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

/** Title (`<home> vs <away>` once the match is known) and language alternates of a match screen. */
export async function matchPageMetadata(
  locale: Locale,
  rawId: string | undefined,
  screen: { path: '/score-detail' | '/score-live'; namespace: 'matchDetail' | 'matchDetail.live' },
): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: screen.namespace });
  const found = await findMatchPage(rawId, locale);
  return {
    title: found
      ? t('metaTitle', { home: found.detail.homeTeam.name, away: found.detail.awayTeam.name })
      : t('title'),
    alternates: {
      languages: Object.fromEntries(
        LOCALES.map((l) => [l, `${localizedPath(l, screen.path)}?id=${rawId ?? ''}`]),
      ),
    },
  };
}
