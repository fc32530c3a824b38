'use client';
// The phone room's action strip under the chat's input: gifts, backpack, recharge, fan club and
// fun-guess, each a bottom sheet over the room (the gift bar, the fan club and the guess card own theirs;
// the recharge is the wallet's dialog, a sheet on phones). A guest is asked to sign in first.
import { Dices, Gem, Gift, HeartHandshake, Package } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ComponentProps, ReactNode } from 'react';
import { RechargeDialog } from '@/components/wallet/recharge-dialog';
import { cn } from '@/lib/cn';
import { openLoginDialog } from '@/lib/store/atoms';
import { CHAT_TAB } from './panels';
import { openRoomSheet, type RoomSheet } from './room-sheets';

const ACTION =
  'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full px-3 text-sm whitespace-nowrap active:opacity-80';

/** One round button; the rest of its props (a dialog trigger's) go to the button. */
function Action({
  icon,
  label,
  testId,
  primary = false,
  ...rest
}: {
  icon: ReactNode;
  label: string;
  testId: string;
  primary?: boolean;
} & Omit<ComponentProps<'button'>, 'children'>) {
  return (
    <button
      type="button"
      {...rest}
      data-testid={testId}
      className={cn(ACTION, primary ? 'bg-brand-500 font-medium text-white' : 'bg-canvas text-ink-700')}
    >
      {icon}
      {label}
    </button>
  );
}

export function PhoneRoomActions({ viewerId, own }: { viewerId: number | null; own: boolean }) {
  const t = useTranslations('live.phone');
  const open = (sheet: RoomSheet) => () => openRoomSheet(sheet);
  const signIn = () => openLoginDialog();
  const recharge = (
    <Action
      icon={<Gem aria-hidden className="size-4 text-brand-500" />}
      label={t('recharge')}
      testId="phone-recharge"
    />
  );
  return (
    <nav
      aria-label={t('actions')}
      className={cn(
        'hidden shrink-0 items-center gap-2 overflow-x-auto border-t border-line bg-surface px-2 py-1.5 [scrollbar-width:none]',
        CHAT_TAB.actions,
      )}
      data-testid="phone-actions"
    >
      {own ? null : (
        <Action
          icon={<Gift aria-hidden className="size-4" />}
          label={t('gifts')}
          testId="phone-gifts"
          primary
          onClick={open('gifts')}
        />
      )}
      {own ? null : (
        <Action
          icon={<Package aria-hidden className="size-4 text-brand-500" />}
          label={t('backpack')}
          testId="phone-backpack"
          onClick={open('backpack')}
        />
      )}
      {viewerId === null ? (
        <Action
          icon={<Gem aria-hidden className="size-4 text-brand-500" />}
          label={t('recharge')}
          testId="phone-recharge"
          onClick={signIn}
        />
      ) : (
        <RechargeDialog trigger={recharge} />
      )}
      <Action
        icon={<HeartHandshake aria-hidden className="size-4 text-brand-500" />}
        label={t('fanClub')}
        testId="phone-fan-club"
        onClick={open('fanClub')}
      />
      <Action
        icon={<Dices aria-hidden className="size-4 text-brand-500" />}
        label={t('guess')}
        testId="phone-guess"
        onClick={open('guess')}
      />
    </nav>
  );
}
