// Banners, advertisements and official activities on the home page (operators' `api/admin/promo/*`).
// A kind with nothing showing leaves no trace: a fresh install has no stand-in pictures.
import { getTranslations } from 'next-intl/server';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { listShowingPromos, type ShowingPromo } from '@/lib/promos/service';

function PromoLink({
  promo,
  className,
  children,
}: {
  promo: ShowingPromo;
  className: string;
  children: React.ReactNode;
}) {
  if (!promo.url) return <div className={className}>{children}</div>;
  const external = /^https?:/i.test(promo.url);
  return (
    <a
      href={promo.url}
      className={className}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer sponsored' } : {})}
    >
      {children}
    </a>
  );
}

export async function HomePromos({ locale }: { locale: Locale }) {
  const db = getDb();
  const now = new Date();
  const [t, banners, ads, activities] = await Promise.all([
    getTranslations('home'),
    listShowingPromos(db, 'banner', locale, now),
    listShowingPromos(db, 'ad', locale, now),
    listShowingPromos(db, 'activity', locale, now),
  ]);
  if (!banners.length && !ads.length && !activities.length) return null;
  return (
    <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-4 px-6 pt-4">
      {banners.length ? (
        <section aria-label={t('banners')} data-testid="home-banners">
          <ul className="flex snap-x snap-mandatory gap-3 overflow-x-auto pb-1">
            {banners.map((banner) => (
              <li key={banner.id} className="w-[calc(50%-6px)] shrink-0 snap-start" data-testid="home-banner">
                <PromoLink
                  promo={banner}
                  className="group relative block overflow-hidden rounded-xl border border-line"
                >
                  <img
                    src={banner.image}
                    alt=""
                    width={576}
                    height={216}
                    loading="lazy"
                    className="aspect-[8/3] w-full bg-canvas object-cover"
                  />
                  <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-night/80 to-transparent px-4 pt-8 pb-3 text-sm font-semibold text-white">
                    {banner.title}
                  </span>
                </PromoLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {ads.length ? (
        <section aria-label={t('ads')} data-testid="home-ads">
          <ul className="grid grid-cols-2 gap-3 layout:grid-cols-4">
            {ads.map((ad) => (
              <li key={ad.id} className="relative">
                <PromoLink
                  promo={ad}
                  className="block overflow-hidden rounded-lg border border-line bg-surface"
                >
                  <img
                    src={ad.image}
                    alt={ad.title}
                    width={280}
                    height={90}
                    loading="lazy"
                    className="aspect-[28/9] w-full bg-canvas object-cover"
                  />
                </PromoLink>
                <span className="absolute top-1.5 right-1.5 rounded bg-night/70 px-1 text-[10px] text-white">
                  {t('ads')}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {activities.length ? (
        <section
          aria-labelledby="home-activities"
          className="rounded-xl border border-line bg-surface"
          data-testid="home-activities"
        >
          <h2
            id="home-activities"
            className="flex h-11 items-center border-b border-line px-4 font-semibold text-ink-900"
          >
            {t('activities')}
          </h2>
          <ul className="grid grid-cols-2 gap-3 p-4 layout:grid-cols-4">
            {activities.map((activity) => (
              <li key={activity.id}>
                <PromoLink promo={activity} className="group block">
                  <img
                    src={activity.image}
                    alt=""
                    width={260}
                    height={146}
                    loading="lazy"
                    className="aspect-video w-full rounded-md border border-line bg-canvas object-cover"
                  />
                  <span
                    className="mt-1.5 block truncate text-sm text-ink-700 group-hover:text-brand-600"
                    title={activity.title}
                  >
                    {activity.title}
                  </span>
                </PromoLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
