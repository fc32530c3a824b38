import { getTranslations } from 'next-intl/server';
import { cn } from '@/lib/cn';
import { Link } from '@/lib/i18n/navigation';
import type { competitionDirectory } from '@/lib/scores/database-service';

type Directory = Awaited<ReturnType<typeof competitionDirectory>>;

/** The left list of a database: competitions under their country or region. */
export async function CompetitionNav({
  directory,
  basePath,
  current,
}: {
  directory: Directory;
  basePath: '/base-football' | '/base-basketball';
  current: string | null;
}) {
  const t = await getTranslations('database');
  return (
    // On a phone the list is one row that scrolls sideways above the tables.
    <nav aria-label={t('competitionsLabel')} className="w-full shrink-0 md:w-[220px]">
      <div className="flex overflow-x-auto rounded-lg border border-line bg-surface md:block md:overflow-hidden">
        <h2 className="shrink-0 border-line px-3 py-2 text-sm font-semibold max-md:self-center md:border-b">
          {t('competitions')}
        </h2>
        {directory.map((group) => (
          <section
            key={group.region}
            className="flex shrink-0 items-center border-line max-md:border-l md:block md:border-b md:last:border-b-0"
          >
            <h3 className="bg-canvas px-3 py-1 text-xs font-medium whitespace-nowrap text-ink-500 max-md:self-stretch max-md:py-2">
              {t.has(`regions.${group.region}`)
                ? t(`regions.${group.region}` as never)
                : group.region.toUpperCase()}
            </h3>
            <ul className="flex md:block">
              {group.competitions.map((competition) => (
                <li key={competition.code}>
                  <Link
                    href={`${basePath}?competition=${encodeURIComponent(competition.code)}&season=${encodeURIComponent(competition.seasons[0] ?? '')}`}
                    aria-current={competition.code === current ? 'page' : undefined}
                    className={cn(
                      'block px-3 py-1.5 text-sm whitespace-nowrap hover:bg-canvas hover:text-brand-600',
                      competition.code === current &&
                        'border-l-2 border-brand-500 bg-brand-50 font-medium text-brand-700',
                    )}
                  >
                    {competition.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </nav>
  );
}
