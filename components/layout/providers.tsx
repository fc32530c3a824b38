'use client';
// Client-side providers: the viewer's time view (the zone the server wrote every time in,
// components/ui/time-view.tsx), TanStack Query and the jotai store shared with non-React code.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { useTranslations } from 'next-intl';
import { type ReactNode, useState } from 'react';
import { TimeViewProvider } from '@/components/ui/time-view';
import { setHttpTexts } from '@/lib/http/texts';
import { appStore } from '@/lib/store/atoms';
import type { ViewerTimes } from '@/lib/time/time-format';

export function Providers({ times, children }: { times: ViewerTimes; children: ReactNode }) {
  const t = useTranslations('common');
  setHttpTexts({ error: t('error') });
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } }),
  );
  return (
    <TimeViewProvider times={times}>
      <QueryClientProvider client={queryClient}>
        <JotaiProvider store={appStore}>{children}</JotaiProvider>
      </QueryClientProvider>
    </TimeViewProvider>
  );
}
