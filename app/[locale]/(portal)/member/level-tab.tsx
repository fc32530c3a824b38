// Level rights tab: the real level and experience, progress to the next level, and every level's
// threshold (lib/accounts/level.ts).
import { Sparkles, TableProperties } from 'lucide-react';
import { getFormatter, getTranslations } from 'next-intl/server';
import { levelIconUrl, levelThreshold, MAX_LEVEL } from '@/lib/accounts/level';
import type { OwnProfile } from '@/lib/accounts/profile-service';
import { cn } from '@/lib/cn';
import { SectionCard } from './section-card';

const LEVELS_PER_TIER = 10;

export async function LevelTab({ profile }: { profile: OwnProfile }) {
  const t = await getTranslations('member.level');
  const format = await getFormatter();
  const points = (value: number) => format.number(value, { maximumFractionDigits: 1 });
  const start = levelThreshold(profile.level);
  const next = profile.nextLevelExperience;
  const percent = next === null ? 100 : Math.min(100, ((profile.experience - start) / (next - start)) * 100);
  const tiers = Array.from({ length: MAX_LEVEL / LEVELS_PER_TIER }, (_, tier) =>
    Array.from({ length: LEVELS_PER_TIER }, (_, index) => tier * LEVELS_PER_TIER + index + 1),
  );

  return (
    <div className="space-y-5">
      <section className="flex items-center gap-8 rounded-xl border border-line bg-surface px-8 py-6">
        <div className="flex flex-col items-center gap-2">
          <img
            src={levelIconUrl(profile.level)}
            alt={t('badge', { level: profile.level })}
            width={88}
            height={40}
            className="h-10 w-[88px]"
          />
          <span className="text-xs text-ink-500">{t('current')}</span>
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-4">
            <p className="text-2xl font-semibold text-ink-900" data-testid="member-level">
              {t('levelName', { level: profile.level })}
            </p>
            <p className="text-sm text-ink-500">
              {t('experience')}{' '}
              <span className="font-semibold text-ink-900 tabular-nums">{points(profile.experience)}</span>
              {next !== null ? <span className="tabular-nums"> / {points(next)}</span> : null}
            </p>
          </div>
          <div
            role="progressbar"
            aria-label={t('progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(percent)}
            className="mt-3 h-2.5 overflow-hidden rounded-full bg-canvas"
          >
            <div className="h-full rounded-full bg-brand-500" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-2 text-sm text-ink-700">
            {next === null
              ? t('max')
              : t('toNext', { level: profile.level + 1, points: points(next - profile.experience) })}
          </p>
        </div>
      </section>

      <SectionCard title={t('howTitle')} icon={Sparkles}>
        <ul className="grid grid-cols-1 gap-x-8 gap-y-2 text-sm text-ink-700 sm:grid-cols-2">
          <li>{t('ruleEarn')}</li>
          <li>{t('ruleTiers', { size: LEVELS_PER_TIER })}</li>
        </ul>
      </SectionCard>

      <SectionCard title={t('tableTitle')} icon={TableProperties}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          {tiers.map((levels) => (
            <table key={levels[0]} className="w-full text-sm">
              <caption className="mb-1.5 text-left text-xs font-medium text-ink-500">
                {t('tier', { from: levels[0]!, to: levels.at(-1)! })}
              </caption>
              <thead className="sr-only">
                <tr>
                  <th scope="col">{t('columnLevel')}</th>
                  <th scope="col">{t('columnPoints')}</th>
                </tr>
              </thead>
              <tbody>
                {levels.map((level) => {
                  const mine = level === profile.level;
                  return (
                    <tr
                      key={level}
                      aria-current={mine ? 'true' : undefined}
                      className={cn('border-b border-line last:border-b-0', mine && 'bg-brand-50')}
                    >
                      <th scope="row" className="py-1.5 pl-2 text-left font-normal">
                        <img
                          src={levelIconUrl(level)}
                          alt={t('badge', { level })}
                          width={40}
                          height={18}
                          loading="lazy"
                          className="inline-block h-[18px] w-10 align-middle"
                        />
                        {mine ? (
                          <span className="ml-2 text-xs font-medium text-brand-600">{t('you')}</span>
                        ) : null}
                      </th>
                      <td className="py-1.5 pr-2 text-right text-ink-700 tabular-nums">
                        {t('points', { points: points(levelThreshold(level)) })}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ))}
        </div>
      </SectionCard>
    </div>
  );
}
