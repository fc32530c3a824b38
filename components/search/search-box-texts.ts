// The search box's texts, read on the server so no catalog ships with the box.
import 'server-only';
import { getTranslations } from 'next-intl/server';

export type SearchBoxTexts = {
  label: string;
  prompt: string;
  submit: string;
  tooLong: string;
  history: string;
  clearHistory: string;
  hot: string;
  noHot: string;
  noHistory: string;
};

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
