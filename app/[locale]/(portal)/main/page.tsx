import {
  BarChart3,
  CalendarDays,
  Clapperboard,
  Database,
  Radar,
  Radio,
  Smartphone,
  UserRoundCheck,
} from 'lucide-react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Footer } from '@/components/layout/footer';
import { HomeHeadlines } from '@/components/news/home-headlines';
import { productName, screenMetadata } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { HomeBoard } from './home-board';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ league?: string }> };

export async function generateMetadata({ params }: Props) {
  return screenMetadata((await params).locale, 'main', '/main');
}

const SECTIONS = [
  { key: 'live', href: '/anchor?type=0', icon: Radio },
  { key: 'scores', href: '/football', icon: BarChart3 },
  { key: 'schedule', href: '/schedule?type=0', icon: CalendarDays },
  { key: 'experts', href: '/specialist-home?type=0', icon: UserRoundCheck },
  { key: 'videos', href: '/video-list', icon: Clapperboard },
  { key: 'databases', href: '/base-football', icon: Database },
  { key: 'foresight', href: '/foresight', icon: Radar },
  { key: 'download', href: '/downLoad', icon: Smartphone },
] as const;

export default async function HomePage({ params, searchParams }: Props) {
  const { locale } = await params;
  const { league } = await searchParams;
  setRequestLocale(locale);
  const t = await getTranslations('home');
  const name = await productName(locale);
  return (
    <>
      <section className="bg-gradient-to-br from-night via-night-2 to-brand-700 text-white">
        <div className="mx-auto flex max-w-[1200px] flex-col gap-4 px-6 py-16">
          <p className="text-sm font-medium uppercase tracking-widest text-brand-200">{t('kicker')}</p>
          <h1 className="text-4xl font-bold leading-tight">{t('title', { name })}</h1>
          <p className="max-w-2xl text-lg text-white/75">{t('subtitle')}</p>
        </div>
      </section>
      <div className="mx-auto w-full max-w-[1200px] px-6 pt-8">
        <HomeHeadlines locale={locale} />
      </div>
      <section aria-labelledby="sections-heading" className="mx-auto max-w-[1200px] px-6 py-10">
        <h2 id="sections-heading" className="mb-5 text-xl font-semibold">
          {t('sectionsTitle')}
        </h2>
        <ul className="grid grid-cols-2 gap-4 layout:grid-cols-4">
          {SECTIONS.map(({ key, href, icon: Icon }) => (
            <li key={key}>
              <Link
                href={href}
                className="group flex h-full flex-col gap-3 rounded-xl border border-line bg-surface p-5 transition hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-md"
              >
                <span className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                  <Icon aria-hidden className="size-6" strokeWidth={1.8} />
                </span>
                <span className="text-base font-semibold group-hover:text-brand-600">
                  {t(`sections.${key}.title`)}
                </span>
                <span className="text-sm leading-relaxed text-ink-500">{t(`sections.${key}.body`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <HomeBoard locale={locale} league={league} />
      <Footer productName={name} />
    </>
  );
}
