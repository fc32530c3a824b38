// The streamer application form (spec §3, §5): real name, contact and ID number required, an ID
// photo (private upload), an experience answer of at least 15 characters, an optional referrer and
// an SMS code sent to the account's own number.
import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { useCaptcha } from '@/components/accounts/captcha';
import { SmsButton } from '@/components/accounts/sms-button';
import { Button } from '@/components/ui/button';
import { FIELD_CLASS, INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { SMS_CODE_LENGTH } from '@/lib/accounts/rules';
import { api } from '@/lib/http/client';
import { useFormPost } from '@/lib/http/use-form-post';
import { uploadFile } from '@/lib/storage/upload-file';
import { FormError } from './form-error';

const notify = (kind: 'success' | 'warning', message: string) => {
  import('sonner').then(({ toast }) => toast[kind](message));
};

type Fields = {
  real_name: string;
  contact: string;
  id_number: string;
  experience: string;
  referrer: string;
  code: string;
};

export function ApplyAnchorForm({
  experienceMin,
  experienceMax,
}: {
  experienceMin: number;
  experienceMax: number;
}) {
  const t = useTranslations('anchorApply');
  const captcha = useCaptcha();
  const [fields, setFields] = useState<Fields>({
    real_name: '',
    contact: '',
    id_number: '',
    experience: '',
    referrer: '',
    code: '',
  });
  const [photo, setPhoto] = useState<{ key: string; name: string } | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const submitApplication = useFormPost<object>('api/Member/applyChannel', {
    refresh: true,
    success: t('submitted'),
    failed: t('incomplete'),
  });
  const set = (key: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [key]: event.target.value }));

  // A refused upload: the shared client showed why.
  const photoUpload = useFormPost<File, { key: string }>((file) => uploadFile('identity', file), {
    onSuccess: (stored, file) => setPhoto({ key: stored.key, name: file.name }),
  });
  const uploading = photoUpload.isPending;
  const upload = (file: File | undefined) => {
    if (file) photoUpload.mutate(file);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setLocalError(null);
    const required = [fields.real_name, fields.contact, fields.id_number, fields.experience, fields.code];
    if (required.some((value) => !value.trim()) || !photo) return setLocalError(t('incomplete'));
    if (fields.experience.trim().length < experienceMin) return setLocalError(t('experienceShort'));
    submitApplication.mutate({
      ...fields,
      referrer: fields.referrer.trim() || undefined,
      id_photo: photo.key,
    });
  };

  const field = (key: keyof Fields, label: string, prompt?: string) => (
    <div>
      <label htmlFor={`apply-${key}`} className={LABEL_CLASS}>
        {label}
      </label>
      <input
        id={`apply-${key}`}
        className={INPUT_CLASS}
        value={fields[key]}
        placeholder={prompt}
        onChange={set(key)}
      />
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid grid-cols-1 gap-x-5 gap-y-4 sm:grid-cols-2">
        {field('real_name', t('realName'))}
        {field('contact', t('contact'), t('contactPrompt'))}
        {field('id_number', t('idNumber'), t('idNumberPrompt'))}
        {field('referrer', t('referrer'))}
      </div>
      <div>
        <span className={LABEL_CLASS}>{t('idPhoto')}</span>
        <div className="flex items-center gap-3">
          <label className="inline-flex h-10 cursor-pointer items-center rounded-md border border-line px-4 text-sm text-ink-700 hover:border-brand-400 hover:text-brand-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400">
            {uploading ? t('uploading') : t('uploadPhoto')}
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="sr-only"
              disabled={uploading}
              onChange={(event) => {
                upload(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </label>
          {photo ? (
            <span className="text-sm text-win">{t('photoUploaded', { name: photo.name })}</span>
          ) : (
            <span className="text-xs text-ink-500">{t('idPhotoHint')}</span>
          )}
        </div>
      </div>
      <div>
        <label htmlFor="apply-experience" className={LABEL_CLASS}>
          {t('experience')}
        </label>
        <textarea
          id="apply-experience"
          rows={4}
          maxLength={experienceMax}
          className={`${FIELD_CLASS} py-2`}
          placeholder={t('experiencePrompt')}
          value={fields.experience}
          onChange={set('experience')}
        />
        <p className="mt-1 text-right text-xs text-ink-500 tabular-nums">
          {t('experienceCount', { count: fields.experience.trim().length, max: experienceMax })}
        </p>
      </div>
      <div>
        <label htmlFor="apply-code" className={LABEL_CLASS}>
          {t('code')}
        </label>
        <div className="flex gap-2">
          <input
            id="apply-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SMS_CODE_LENGTH}
            className={INPUT_CLASS}
            value={fields.code}
            onChange={(event) =>
              setFields((current) => ({ ...current, code: event.target.value.replace(/\D/g, '') }))
            }
          />
          <SmsButton
            send={(proof) => api.post('api/Member/sendOwnCode', { captcha: proof })}
            captcha={captcha.payload}
            notify={notify}
          />
        </div>
        <p className="mt-1 text-xs text-ink-500">{t('codeHint')}</p>
      </div>
      <div className="max-w-sm">{captcha.widget}</div>
      <FormError message={localError ?? submitApplication.error} />
      <Button type="submit" disabled={submitApplication.isPending}>
        {t('submit')}
      </Button>
    </form>
  );
}
