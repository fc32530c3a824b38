// Invite centre (`/member?type=23`; spec §1 distribution and invite centre): the caller's code, link
// (`/register?code=`) and its QR code, who joined through it and what each earned, and the rules. The
// data is `api/Distribution/Invitation`'s, read from the service (which settles due rewards first).
import { Coins, Gift, QrCode, ScrollText, UserPlus, Users } from 'lucide-react';
import { headers } from 'next/headers';
import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import QRCode from 'qrcode';
import { EmptyState } from '@/components/ui/empty-state';
import { getConfig } from '@/lib/config';
import { getDb } from '@/lib/db';
import { requestOrigin } from '@/lib/http/client-address';
import type { Locale } from '@/lib/i18n/routing';
import { inviteLink } from '@/lib/invites/api';
import { invitationOverview } from '@/lib/invites/service';
import { getTimeFormat } from '@/lib/time/viewer-zone';
import { CopyButton } from './copy-button';
import { SectionCard } from './section-card';

async function origin() {
  const site = getConfig().SITE_URL;
  return site ? new URL(site).origin : requestOrigin(await headers());
}

export async function InviteTab({ userId, now }: { userId: number; now: Date }) {
  const t = await getTranslations('invite');
  const format = await getFormatter();
  const times = await getTimeFormat();
  const locale = (await getLocale()) as Locale;
  const overview = await invitationOverview(getDb(), userId, now);
  const link = inviteLink(await origin(), locale, overview.code);
  const qr = await QRCode.toDataURL(link, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
  const stats = [
    { key: 'invited', value: overview.invited, icon: Users },
    { key: 'rewarded', value: overview.rewarded, icon: Gift },
    { key: 'earned', value: overview.earned, icon: Coins },
  ] as const;
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-6 rounded-xl border border-line bg-surface p-4 sm:flex-row sm:p-5">
        <div className="min-w-0 flex-1 space-y-4">
          <p className="text-sm text-ink-700">{t('intro')}</p>
          <div>
            <p className="text-xs text-ink-500">{t('code')}</p>
            <p className="flex items-center gap-2">
              <span
                className="font-mono text-2xl font-semibold tracking-widest text-ink-900"
                data-testid="invite-code"
              >
                {overview.code}
              </span>
              <CopyButton text={overview.code} />
            </p>
          </div>
          <div>
            <p className="text-xs text-ink-500">{t('link')}</p>
            <p className="flex min-w-0 items-center gap-2">
              <span
                className="min-w-0 truncate rounded-md bg-canvas px-3 py-1.5 text-sm text-ink-700"
                data-testid="invite-link"
                title={link}
              >
                {link}
              </span>
              <CopyButton text={link} />
            </p>
          </div>
          <dl className="grid grid-cols-3 gap-2 sm:gap-3">
            {stats.map(({ key, value, icon: Icon }) => (
              <div key={key} className="min-w-0 rounded-lg bg-canvas px-2.5 py-3 sm:px-4">
                <dt className="flex items-center gap-1.5 text-xs text-ink-500">
                  <Icon aria-hidden className="size-3.5" />
                  {t(`stats.${key}`)}
                </dt>
                <dd
                  className="mt-1 text-xl font-semibold text-ink-900 tabular-nums"
                  data-testid={`invite-${key}`}
                >
                  {format.number(value)}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <figure className="flex shrink-0 flex-col items-center gap-2 sm:w-[180px]">
          <img
            src={qr}
            alt={t('qrAlt')}
            width={160}
            height={160}
            className="size-40 rounded-lg border border-line"
          />
          <figcaption className="flex items-center gap-1 text-xs text-ink-500">
            <QrCode aria-hidden className="size-3.5" />
            {t('qr')}
          </figcaption>
        </figure>
      </div>

      <SectionCard title={t('rules.title')} icon={ScrollText}>
        <ul className="list-disc space-y-1.5 pl-5 text-sm text-ink-700">
          <li>{t('rules.reward', { reward: overview.reward, cap: overview.cap })}</li>
          <li>{t('rules.when', { days: overview.active_days, refund: overview.refund_days })}</li>
          <li>{t('rules.signup')}</li>
          <li>{t('rules.review')}</li>
        </ul>
      </SectionCard>

      <SectionCard title={t('list.title')} icon={UserPlus} times={overview.list.length > 0}>
        {overview.list.length ? (
          <ul className="divide-y divide-line" data-testid="invitee-list">
            {overview.list.map((entry) => (
              <li key={entry.user_id} className="flex items-center gap-3 py-3">
                <img
                  src={entry.avatar}
                  alt=""
                  width={36}
                  height={36}
                  className="size-9 rounded-full bg-canvas"
                />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-ink-900" title={entry.nickname}>
                    {entry.nickname}
                  </p>
                  <p className="text-xs text-ink-500">
                    {t('list.joined', {
                      date: times.dateTime(new Date(entry.joined_at), 'date'),
                    })}
                  </p>
                </div>
                <span
                  className={
                    entry.status === 'paid'
                      ? 'rounded-full bg-win/10 px-2.5 py-0.5 text-xs text-win'
                      : 'rounded-full bg-canvas px-2.5 py-0.5 text-xs text-ink-500'
                  }
                >
                  {t(`status.${entry.status}`, { reward: entry.reward })}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState icon={Users} title={t('list.empty')} hint={t('list.emptyHint')} />
        )}
      </SectionCard>
    </div>
  );
}
