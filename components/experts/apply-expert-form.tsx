'use client';
// The expert application (spec §5: work experience within 200 characters): sports, experience, contact.
// An operator reviews it; the result and its reason arrive in the message centre.
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { CountedTextarea } from '@/components/ui/counted-textarea';
import { INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { api } from '@/lib/http/client';

const EXPERIENCE_MAX = 200;

export function ApplyExpertForm() {
  const t = useTranslations('experts.apply');
  const router = useRouter();
  const [sports, setSports] = useState<string[]>(['football']);
  const [experience, setExperience] = useState('');
  const [contact, setContact] = useState('');
  const [pending, startTransition] = useTransition();
  const toggle = (sport: string) =>
    setSports((current) =>
      current.includes(sport) ? current.filter((entry) => entry !== sport) : [...current, sport],
    );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      try {
        await api.post('api/expert/apply', { sports, experience, contact });
        router.refresh();
      } catch {
        // The client showed the server's message.
      }
    });
  };
  return (
    <form onSubmit={submit} className="space-y-3" data-testid="expert-apply">
      <fieldset>
        <legend className={LABEL_CLASS}>{t('sports')}</legend>
        <div className="flex gap-4 text-sm">
          {['football', 'basketball'].map((sport) => (
            <label key={sport} className="flex items-center gap-1.5">
              <input
                type="checkbox"
                checked={sports.includes(sport)}
                onChange={() => toggle(sport)}
                className="accent-brand-500"
              />
              {t(sport)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor="expert-experience" className={LABEL_CLASS}>
          {t('experience')}
        </label>
        <CountedTextarea
          id="expert-experience"
          rows={4}
          value={experience}
          onValueChange={setExperience}
          max={EXPERIENCE_MAX}
          counter={`${experience.length}/${EXPERIENCE_MAX}`}
          placeholder={t('experienceHint')}
          required
        />
      </div>
      <div>
        <label htmlFor="expert-contact" className={LABEL_CLASS}>
          {t('contact')}
        </label>
        <input
          id="expert-contact"
          className={INPUT_CLASS}
          value={contact}
          maxLength={60}
          onChange={(event) => setContact(event.target.value)}
          placeholder={t('contactHint')}
          required
        />
      </div>
      <Button type="submit" disabled={pending || !sports.length} className="w-full">
        {pending ? t('sending') : t('submit')}
      </Button>
    </form>
  );
}
