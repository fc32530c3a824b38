'use client';
// The retention card (issue #45 item 5): per kind, how many months stay in the database (empty: off, the
// default), saved through useFormPost with the reason for the audit; and the latest months moved to cold
// files beside the backups (lib/jobs/archive.ts).
import { useFormatter, useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { FIELD_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { LocalTime } from '@/components/ui/local-time';
import type { ColdTable } from '@/lib/system/schema';
import { megabytes } from './backup-form';
import { Card, Footer, useSave } from './settings-forms';

const KINDS = ['chat', 'private', 'notices', 'audit'] as const;
type Kind = (typeof KINDS)[number];

export type RetentionProps = Record<Kind, number | null>;

export type ColdArchiveProps = {
  id: number;
  tableName: ColdTable;
  month: string;
  part: number;
  file: string;
  rows: number;
  bytes: number;
  keptIds: number[];
  state: 'verified' | 'deleted';
  writtenAt: string;
};

export function RetentionForm({
  retention,
  archives,
}: {
  retention: RetentionProps;
  archives: ColdArchiveProps[];
}) {
  const t = useTranslations('admin.ops.retention');
  const format = useFormatter();
  const id = useId();
  const { save, ...state } = useSave('api/admin/retention/save');
  const [values, setValues] = useState(
    Object.fromEntries(
      KINDS.map((kind) => [kind, retention[kind] === null ? '' : String(retention[kind])]),
    ) as Record<Kind, string>,
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    // Empty is off; anything else goes as typed, so the server's refusal names the field.
    save(
      Object.fromEntries(
        KINDS.map((kind) => [kind, values[kind].trim() === '' ? null : Number(values[kind])]),
      ),
    );
  }

  return (
    <Card title={t('title')} hint={t('hint')}>
      <form onSubmit={submit} noValidate>
        <div className="flex flex-wrap gap-4 px-4 py-4">
          {KINDS.map((kind) => (
            <div key={kind} className="w-40">
              <label htmlFor={`${id}-${kind}`} className={LABEL_CLASS}>
                {t(`fields.${kind}`)}
              </label>
              <input
                id={`${id}-${kind}`}
                type="number"
                inputMode="numeric"
                min={kind === 'audit' ? 12 : 1}
                max={120}
                step={1}
                value={values[kind]}
                placeholder={t('off')}
                onChange={(event) => setValues({ ...values, [kind]: event.target.value })}
                className={`${FIELD_CLASS} h-9`}
                data-testid={`retention-${kind}`}
              />
            </div>
          ))}
          <p className="w-full text-xs text-ink-500">{t('howItWorks')}</p>
        </div>
        <Footer {...state} testId="retention-save" />
      </form>
      <div className="border-t border-line px-4 py-3">
        <h3 className="mb-2 text-xs font-medium text-ink-500">{t('recent')}</h3>
        {archives.length === 0 ? (
          <p className="text-sm text-ink-500">{t('none')}</p>
        ) : (
          <ul className="space-y-1.5 text-sm" data-testid="retention-archives">
            {archives.map((archive) => (
              <li key={archive.id} className="flex flex-wrap items-baseline gap-x-2">
                <LocalTime at={archive.writtenAt} style="dateTime" className="text-ink-500 tabular-nums" />
                <span className="text-ink-900">
                  {t('line', {
                    table: t(`tables.${archive.tableName}`),
                    month: archive.month,
                    rows: format.number(archive.rows),
                    size: megabytes(archive.bytes, format),
                  })}
                </span>
                <span className="break-all text-xs text-ink-500">{archive.file}</span>
                <span className={archive.state === 'deleted' ? 'text-win' : 'text-ink-700'}>
                  {t(`states.${archive.state}`)}
                  {archive.keptIds.length ? ` · ${t('kept', { count: archive.keptIds.length })}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
