'use client';
// Editing the public profile: avatar choice, nickname, signature, gender and birthday. Only changed
// fields are sent (the call is a partial update).
import { Check } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import type { UpdateInfoInput } from '@/lib/accounts/profile-schemas';
import { cn } from '@/lib/cn';
import { useFormPost } from '@/lib/http/use-form-post';
import { AvatarUpload } from './avatar-upload';
import { FormError } from './form-error';

export type ProfileFormValues = {
  avatar: string;
  nickname: string;
  signature: string;
  gender: 0 | 1 | 2;
  birthday: string;
};

const GENDERS = [
  { value: 0, key: 'secret' },
  { value: 1, key: 'male' },
  { value: 2, key: 'female' },
] as const;

export function ProfileForm({
  initial,
  avatarChoices,
  limits,
  earliestBirthday,
  today,
}: {
  initial: ProfileFormValues;
  avatarChoices: string[];
  limits: { nicknameMin: number; nicknameMax: number; signatureMax: number };
  earliestBirthday: string;
  today: string;
}) {
  const t = useTranslations('member.profile');
  const [values, setValues] = useState(initial);
  const save = useFormPost<UpdateInfoInput>('api/member/updateInfo', {
    refresh: true,
    success: t('saved'),
    failed: t('failed'),
  });
  const set = <K extends keyof ProfileFormValues>(key: K, value: ProfileFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const changes: UpdateInfoInput = {
    ...(values.avatar !== initial.avatar && { avatar: values.avatar }),
    ...(values.nickname !== initial.nickname && { user_nickname: values.nickname }),
    ...(values.signature !== initial.signature && { signature: values.signature }),
    ...(values.gender !== initial.gender && { gender: values.gender }),
    ...(values.birthday !== initial.birthday && values.birthday && { birthday: values.birthday }),
  };
  const changed = Object.keys(changes).length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed) save.mutate(changes);
  };

  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      <fieldset>
        <legend className={LABEL_CLASS}>{t('avatar')}</legend>
        <div className="flex flex-col items-start gap-5 sm:flex-row">
          <div className="flex shrink-0 flex-col items-center">
            <img
              src={values.avatar}
              alt={t('avatarCurrent')}
              width={72}
              height={72}
              className="size-18 rounded-full border border-line bg-canvas object-cover"
            />
            <AvatarUpload onUploaded={(url) => set('avatar', url)} />
          </div>
          <div
            role="radiogroup"
            aria-label={t('avatarChoices')}
            className="grid grid-cols-4 gap-2 sm:grid-cols-8"
          >
            {avatarChoices.map((url, index) => {
              const selected = url === values.avatar;
              return (
                <label
                  key={url}
                  className={cn(
                    'relative size-11 cursor-pointer rounded-full border-2 bg-canvas p-0.5 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400',
                    selected ? 'border-brand-500' : 'border-transparent hover:border-brand-200',
                  )}
                >
                  <input
                    type="radio"
                    name="avatar"
                    className="absolute inset-0 cursor-pointer opacity-0"
                    checked={selected}
                    aria-label={t('avatarChoice', { index: index + 1 })}
                    onChange={() => set('avatar', url)}
                  />
                  <img src={url} alt="" width={40} height={40} loading="lazy" className="rounded-full" />
                  {selected ? (
                    <span className="pointer-events-none absolute -right-0.5 -bottom-0.5 flex size-4 items-center justify-center rounded-full bg-brand-500 text-white">
                      <Check aria-hidden className="size-3" strokeWidth={3} />
                    </span>
                  ) : null}
                </label>
              );
            })}
          </div>
        </div>
      </fieldset>

      <div className="grid grid-cols-1 gap-x-5 gap-y-4 sm:grid-cols-2">
        <div>
          <label htmlFor="profile-nickname" className={LABEL_CLASS}>
            {t('nickname')}
          </label>
          <input
            id="profile-nickname"
            className={INPUT_CLASS}
            value={values.nickname}
            maxLength={limits.nicknameMax}
            onChange={(event) => set('nickname', event.target.value)}
          />
          <p className="mt-1 text-xs text-ink-500">
            {t('nicknameHint', { min: limits.nicknameMin, max: limits.nicknameMax })}
          </p>
        </div>
        <div>
          <label htmlFor="profile-birthday" className={LABEL_CLASS}>
            {t('birthday')}
          </label>
          <input
            id="profile-birthday"
            type="date"
            className={INPUT_CLASS}
            value={values.birthday}
            min={earliestBirthday}
            max={today}
            onChange={(event) => set('birthday', event.target.value)}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="profile-signature" className={LABEL_CLASS}>
            {t('signature')}
          </label>
          <div className="relative">
            <input
              id="profile-signature"
              className={cn(INPUT_CLASS, 'pr-16')}
              value={values.signature}
              maxLength={limits.signatureMax}
              placeholder={t('signaturePrompt')}
              onChange={(event) => set('signature', event.target.value)}
            />
            <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-xs text-ink-500 tabular-nums">
              {values.signature.length}/{limits.signatureMax}
            </span>
          </div>
        </div>
        <fieldset className="sm:col-span-2">
          <legend className={LABEL_CLASS}>{t('gender')}</legend>
          <div className="flex gap-2">
            {GENDERS.map(({ value, key }) => (
              <label
                key={key}
                className={cn(
                  'flex h-9 cursor-pointer items-center rounded-md border px-4 text-sm transition-colors',
                  values.gender === value
                    ? 'border-brand-500 bg-brand-50 font-medium text-brand-600'
                    : 'border-line text-ink-700 hover:border-ink-300',
                )}
              >
                <input
                  type="radio"
                  name="gender"
                  className="sr-only"
                  checked={values.gender === value}
                  onChange={() => set('gender', value)}
                />
                {t(`genders.${key}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      <div className="flex items-center gap-4 border-t border-line pt-4">
        <Button type="submit" disabled={!changed || save.isPending}>
          {save.isPending ? t('saving') : t('save')}
        </Button>
        <FormError message={save.error} />
      </div>
    </form>
  );
}
