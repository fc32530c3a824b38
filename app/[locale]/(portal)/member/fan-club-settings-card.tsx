// The anchor's fan club (粉丝团) settings in the anchor centre: the badge name (letters and digits,
// three CJK characters or six letters at most; the server also refuses listed words) with a live
// preview, and the joining price in star diamonds (0 = free).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HeartHandshake } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { FanBadge } from '@/components/live/chat/fan-badge';
import { Button } from '@/components/ui/button';
import { INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { Skeleton } from '@/components/ui/skeleton';
import { FAN_PRICE_MAX } from '@/lib/fan-club/levels';
import { api } from '@/lib/http/client';
import { useFormPost } from '@/lib/http/use-form-post';
import { FormError } from './form-error';
import { SectionCard } from './section-card';

type Settings = { name: string; price: number; configured: boolean; members: number };

export function FanClubSettingsCard() {
  const t = useTranslations('fanClub');
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: ['fanClub', 'settings'],
    queryFn: () => api.get<Settings>('api/Fansclub/getSetting', {}, { silent: true }),
  });
  return (
    <SectionCard
      title={t('settingsTitle')}
      icon={HeartHandshake}
      aside={
        settings.data ? (
          <span className="text-sm text-ink-500">{t('memberCount', { count: settings.data.members })}</span>
        ) : null
      }
    >
      {!settings.data ? (
        <Skeleton className="m-5 h-[120px] rounded-md" />
      ) : (
        <SettingsForm
          key={`${settings.data.name}:${settings.data.price}`}
          initial={settings.data}
          onSaved={() => queryClient.invalidateQueries({ queryKey: ['fanClub', 'settings'] })}
        />
      )}
    </SectionCard>
  );
}

function SettingsForm({ initial, onSaved }: { initial: Settings; onSaved: () => void }) {
  const t = useTranslations('fanClub');
  const [name, setName] = useState(initial.name);
  const [price, setPrice] = useState(String(initial.price));
  // The server checks the name and the price and answers in the reader's language.
  const save = useFormPost<{ name: string; price: number }>('api/Fansclub/setting', {
    failed: t('failed'),
    success: t('saved'),
    onSuccess: onSaved,
  });
  const { error, isPending: pending } = save;

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ name, price: Number(price) });
  }

  return (
    <form
      onSubmit={submit}
      className="grid grid-cols-1 items-start gap-5 p-5 text-sm sm:grid-cols-[1fr_1fr_auto]"
    >
      <div>
        <label htmlFor="fan-club-name" className={LABEL_CLASS}>
          {t('nameLabel')}
        </label>
        <input
          id="fan-club-name"
          value={name}
          maxLength={12}
          onChange={(event) => setName(event.target.value)}
          className={INPUT_CLASS}
          data-testid="fan-club-name"
        />
        <p className="mt-1.5 text-xs text-ink-500">{t('nameHint')}</p>
      </div>
      <div>
        <label htmlFor="fan-club-price" className={LABEL_CLASS}>
          {t('priceInput')}
        </label>
        <input
          id="fan-club-price"
          type="number"
          inputMode="numeric"
          min={0}
          max={FAN_PRICE_MAX}
          step={1}
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          className={`${INPUT_CLASS} tabular-nums`}
          data-testid="fan-club-price"
        />
        <p className="mt-1.5 text-xs text-ink-500">{t('priceHint')}</p>
      </div>
      <div className="flex flex-col items-end gap-3">
        <span className="flex h-10 items-center gap-2 text-xs text-ink-500">
          {t('preview')}
          <FanBadge name={name.trim() || initial.name} level={1} />
          <FanBadge name={name.trim() || initial.name} level={12} />
        </span>
        <Button type="submit" size="sm" disabled={pending} data-testid="fan-club-save">
          {t('save')}
        </Button>
      </div>
      <div className="empty:hidden sm:col-span-3">
        <FormError message={error} />
      </div>
    </form>
  );
}
