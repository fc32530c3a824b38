// /persona?uid=: a user's personal space (spec §2). Their public profile; the posts, videos and
// streamer updates that fill it arrive with the community, video and live issues.
import { BadgeCheck, PenLine } from 'lucide-react';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { currentUser } from '@/lib/accounts/current-user';
import { levelIconUrl } from '@/lib/accounts/level';
import { getPublicProfile } from '@/lib/accounts/profile-service';
import { NotFoundError } from '@/lib/api/errors';
import { getDb } from '@/lib/db';
import { screenMetadata } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ uid?: string }> };

export async function generateMetadata({ params }: Props) {
  return screenMetadata((await params).locale, 'persona', '/persona');
}

async function profileOf(uid: string | undefined) {
  const id = Number(uid);
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  try {
    return await getPublicProfile(getDb(), id);
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}

export default async function PersonaPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const profile = await profileOf((await searchParams).uid);
  const viewer = await currentUser();
  const t = await getTranslations('persona');
  return (
    <div className="mx-auto w-full max-w-[1200px] px-6 py-8">
      <section className="flex items-center gap-6 rounded-2xl bg-gradient-to-r from-night via-night-2 to-brand-700 p-8 text-white">
        <img
          src={profile.avatar}
          alt=""
          width={96}
          height={96}
          className="size-24 rounded-full bg-white/10 ring-4 ring-white/20"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="truncate text-2xl font-bold">{profile.nickname}</h1>
            <img
              src={levelIconUrl(profile.level)}
              alt={t('level', { level: profile.level })}
              width={44}
              height={18}
            />
            {profile.isAnchor && (
              <span className="inline-flex items-center gap-1 rounded-full bg-brand-500 px-2.5 py-0.5 text-xs font-medium">
                <BadgeCheck aria-hidden className="size-3.5" />
                {t('anchor')}
              </span>
            )}
          </div>
          <p className="mt-2 text-sm text-white/70">{profile.signature || t('noSignature')}</p>
          <p className="mt-1 text-xs text-white/50">{t('id', { id: profile.id })}</p>
        </div>
        {viewer?.id === profile.id && (
          <Link
            href="/member?type=1"
            className="inline-flex h-9 items-center gap-1.5 rounded-md bg-white/10 px-4 text-sm hover:bg-white/20"
          >
            <PenLine aria-hidden className="size-4" />
            {t('edit')}
          </Link>
        )}
      </section>
    </div>
  );
}
