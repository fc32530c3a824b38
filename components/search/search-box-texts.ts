// The search box's texts, read on the server so no catalog ships with the box.
import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { SearchBoxTexts } from './search-box';

export async function searchBoxTexts(): Promise<SearchBoxTexts> {
  const t = await getTranslations('search');
  return {
    label: t('label'),
    prompt: t('prompt'),
    submit: t('submit'),
    tooLong: t('tooLong'),
    history: t('history'),
    clearHistory: t('clearHistory'),
    hot: t('hot'),
    noHot: t('noHot'),
    noHistory: t('noHistory'),
  };
}
