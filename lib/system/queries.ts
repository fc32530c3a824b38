// Start-up data of spec §7, fetched once per page load; failures are silently ignored (spec §8).
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';

const once = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY, retry: false } as const;
const silent = { silent: true };

export type SystemConfig = {
  CountryCode: { id: number; code: string; name: string }[];
  customer_service_email: string;
  websocket: string;
  company_id: number;
  registration: 'open' | 'invite' | 'closed';
};
export type Popup = { id: number; title: string; content: string; image: string | null; url: string | null };

export const useSystemConfig = () =>
  useQuery({
    queryKey: queryKeys.systemConfig,
    queryFn: () => api.get<SystemConfig>('api/universal/systemConfig', undefined, silent),
    ...once,
  });

export const useCustomerService = () =>
  useQuery({
    queryKey: queryKeys.customerService,
    queryFn: () => api.post<{ email: string; mailto: string }>('api/user/getKefuInfo', undefined, silent),
    ...once,
  });

export const usePopups = () =>
  useQuery({
    queryKey: queryKeys.popups,
    queryFn: () => api.post<Popup[]>('api/banner/popList', undefined, silent),
    ...once,
  });

export const useKickedRooms = () =>
  useQuery({
    queryKey: queryKeys.kickedRooms,
    queryFn: () => api.post<{ list: number[] }>('api/universal/kickedRooms', undefined, silent),
    ...once,
  });
