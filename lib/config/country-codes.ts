// Dialling codes offered by the login form's country picker (spec §3 system config). Names come from
// the runtime's CLDR data in the reader's language, so no catalog has to repeat them.
export const DEFAULT_COUNTRY_CODE = '86';

const COUNTRY_CODES: { id: number; code: string; region: string }[] = [
  { id: 1, code: '86', region: 'CN' },
  { id: 2, code: '852', region: 'HK' },
  { id: 3, code: '853', region: 'MO' },
  { id: 4, code: '886', region: 'TW' },
  { id: 5, code: '84', region: 'VN' },
  { id: 6, code: '65', region: 'SG' },
  { id: 7, code: '60', region: 'MY' },
  { id: 8, code: '66', region: 'TH' },
  { id: 9, code: '63', region: 'PH' },
  { id: 10, code: '62', region: 'ID' },
  { id: 11, code: '81', region: 'JP' },
  { id: 12, code: '82', region: 'KR' },
  { id: 13, code: '1', region: 'US' },
  { id: 14, code: '44', region: 'GB' },
  { id: 15, code: '61', region: 'AU' },
];

export function countryCodeList(locale: string) {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return COUNTRY_CODES.map(({ id, code, region }) => ({ id, code, name: names.of(region) ?? region }));
}

export function isKnownCountryCode(code: string) {
  return COUNTRY_CODES.some((entry) => entry.code === code);
}
