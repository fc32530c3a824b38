// Country code picker (from the system config) plus the number, sent as `<code>-<number>` (spec §3).
import { useTranslations } from 'next-intl';
import { FIELD_CLASS } from '@/components/ui/field-styles';
import { MOBILE_MAX_LENGTH } from '@/lib/accounts/rules';
import { DEFAULT_COUNTRY_CODE } from '@/lib/config/country-codes';
import { useSystemConfig } from '@/lib/system/queries';

export type MobileValue = { countryCode: string; number: string };

export const formatMobile = ({ countryCode, number }: MobileValue) => `${countryCode}-${number.trim()}`;

export function parseMobile(stored: string): MobileValue {
  const [countryCode, number] = stored.includes('-') ? stored.split('-', 2) : [DEFAULT_COUNTRY_CODE, stored];
  return { countryCode: countryCode || DEFAULT_COUNTRY_CODE, number: number ?? '' };
}

export function MobileField({
  value,
  onChange,
}: {
  value: MobileValue;
  onChange: (value: MobileValue) => void;
}) {
  const t = useTranslations('auth');
  const { data: config } = useSystemConfig();
  const codes = config?.CountryCode ?? [{ id: 0, code: DEFAULT_COUNTRY_CODE, name: '' }];
  return (
    <div className="flex h-11 overflow-hidden rounded-md border border-line bg-surface focus-within:border-brand-500">
      <select
        aria-label={t('countryCode')}
        value={value.countryCode}
        onChange={(event) => onChange({ ...value, countryCode: event.target.value })}
        className="w-28 shrink-0 border-r border-line bg-canvas px-2 text-sm text-ink-900 outline-none"
      >
        {codes.map((entry) => (
          <option key={entry.code} value={entry.code}>
            +{entry.code} {entry.name}
          </option>
        ))}
      </select>
      <input
        type="tel"
        name="mobile"
        inputMode="numeric"
        autoComplete="tel-national"
        aria-label={t('mobile')}
        placeholder={t('mobilePrompt')}
        maxLength={MOBILE_MAX_LENGTH}
        value={value.number}
        onChange={(event) => onChange({ ...value, number: event.target.value.replace(/\D/g, '') })}
        className={`${FIELD_CLASS} h-full flex-1 rounded-none border-0 focus:ring-0`}
      />
    </div>
  );
}
