'use client';
// Client-side providers: TanStack Query and the jotai store shared with non-React code.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { useTranslations } from 'next-intl';
import { type ReactNode, useState } from 'react';
import { setHttpTexts } from '@/lib/http/texts';
import { appStore } from '@/lib/store/atoms';

export function Providers({ children }: { children: ReactNode }) {
  const t = useTranslations('common');
  setHttpTexts({ error: t('error') });
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={appStore}>{children}</JotaiProvider>
    </QueryClientProvider>
  );
}
