'use client';
// One policy page in one language: title and plain-text body (blank lines between paragraphs), saved
// for /about-user, or dropped to show the shipped text again.
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Field } from '@/components/admin/catalog/fields';
import { Button } from '@/components/ui/button';
import { FIELD_CLASS, INPUT_CLASS } from '@/components/ui/field-styles';

export function LegalEditor(props: {
  document: string;
  language: string;
  written: boolean;
  title: string;
  body: string;
}) {
  const t = useTranslations('admin.catalog.legal');
  const router = useRouter();
  const [title, setTitle] = useState(props.title);
  const [body, setBody] = useState(props.body);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');

  async function run(path: string, payload: object) {
    setStatus('saving');
    try {
      const { api } = await import('@/lib/http/client');
      await api.post(path, { document: props.document, locale: props.language, ...payload });
      setStatus('saved');
      router.refresh();
    } catch {
      setStatus('idle');
    }
  }

  return (
    <form
      className="mt-4 space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void run('api/admin/legal/save', { title, body });
      }}
    >
      <p className="text-sm text-ink-500" data-testid="legal-source">
        {props.written ? t('writtenHere') : t('shipped')}
      </p>
      <Field label={t('pageTitle')}>
        <input
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          required
          maxLength={60}
          lang={props.language}
          className={INPUT_CLASS}
          data-testid="legal-title"
        />
      </Field>
      <Field label={t('body')} hint={t('bodyHint')}>
        <textarea
          value={body}
          onChange={(event) => setBody(event.target.value)}
          required
          maxLength={50_000}
          rows={16}
          lang={props.language}
          className={`${FIELD_CLASS} min-h-80 py-2 leading-6`}
          data-testid="legal-body"
        />
      </Field>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={status === 'saving'} data-testid="legal-save">
          {status === 'saving' ? t('saving') : t('save')}
        </Button>
        {props.written ? (
          <Button
            type="button"
            variant="secondary"
            disabled={status === 'saving'}
            onClick={() => {
              if (window.confirm(t('resetConfirm'))) void run('api/admin/legal/reset', {});
            }}
          >
            {t('reset')}
          </Button>
        ) : null}
        <output className="text-sm text-win" aria-live="polite">
          {status === 'saved' ? t('saved') : ''}
        </output>
      </div>
    </form>
  );
}
