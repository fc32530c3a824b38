// Turns errors into translated, field-specific messages for the envelope.
import type { z } from 'zod';
import type { translator } from '@/lib/i18n/translate';
import { formatLocaleFor } from '@/lib/time/format-locale';
import { isTimeZone } from '@/lib/time/zone';
import { zonedText } from '@/lib/time/zoned-text';
import type { DomainError, MessageValues, ValidationError } from './errors';

type T = ReturnType<typeof translator>;
type Issue = z.core.$ZodIssue;

/**
 * The field a refusal is about, as the reader calls it: the route's own label, else the shared one
 * (`fields.<name>`: lib/api/field-labels.test.ts keeps one for every field a route accepts).
 */
function fieldName(t: T, issue: Issue, routeLabels: Readonly<Record<string, string>> = {}) {
  const field = issue.path.filter((part) => typeof part === 'string').at(-1);
  if (!field) return t('fields.request');
  for (const key of [routeLabels[field], `fields.${field}`])
    if (key && t.has(key as never)) return t(key as never);
  return field;
}

export function validationMessage(t: T, error: ValidationError) {
  const issue = error.issues[0];
  if (!issue) return t('errors.VALIDATION');
  const field = fieldName(t, issue, error.fieldLabels);
  switch (issue.code) {
    case 'invalid_type':
      return issue.message.includes('received undefined')
        ? t('validation.required', { field })
        : t('validation.invalid', { field });
    case 'too_small':
      return issue.origin === 'string'
        ? t('validation.tooShort', { field, min: Number(issue.minimum) })
        : issue.origin === 'array'
          ? t('validation.tooFew', { field, min: Number(issue.minimum) })
          : t('validation.tooSmall', { field, min: Number(issue.minimum) });
    case 'too_big':
      return issue.origin === 'string'
        ? t('validation.tooLong', { field, max: Number(issue.maximum) })
        : issue.origin === 'array'
          ? t('validation.tooMany', { field, max: Number(issue.maximum) })
          : t('validation.tooBig', { field, max: Number(issue.maximum) });
    case 'invalid_value':
      return t('validation.oneOf', { field });
    case 'custom': {
      // A refinement that names its message, e.g. the stored-URL schema's `unsafeUrl` or a strict-input refusal.
      const key = `validation.${issue.params?.i18n}`;
      return issue.params?.i18n && t.has(key as never)
        ? t(key as never, { field } as never)
        : t('validation.invalid', { field });
    }
    default:
      return t('validation.invalid', { field });
  }
}

/** Where a refusal's reader reads times: their zone (chosen, else the browser's, else the portal's). */
export type ReaderView = { locale: string; languages: readonly string[]; timeZone: string };

/** The refusal's values with every instant written in the reader's zone, the zone named. */
function writtenValues(t: T, values: MessageValues | undefined, reader: ReaderView | undefined) {
  if (!values) return values;
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      if (typeof value !== 'object') return [name, value];
      const timeZone =
        value.timeZone && isTimeZone(value.timeZone) ? value.timeZone : (reader?.timeZone ?? 'UTC');
      const pageLocale = reader?.locale ?? 'zh-CN';
      const view = {
        locale: formatLocaleFor(pageLocale, reader?.languages ?? []),
        pageLocale,
        timeZone,
        // The template with its {time}, {name} and {offset} slots kept (zonedText fills them); t() reads raw and precompiled catalogs alike.
        title: t('common.time.title', { time: '{time}', name: '{name}', offset: '{offset}' }),
      };
      return [name, zonedText(value.instant, view)];
    }),
  );
}

export function domainMessage(t: T, error: DomainError, reader?: ReaderView) {
  const key = `errors.${error.code}`;
  return t.has(key as never)
    ? t(key as never, writtenValues(t, error.options.values, reader) as never)
    : t('errors.INTERNAL');
}
