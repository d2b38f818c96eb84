import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import zhCNLocale from 'antd-mobile/es/locales/zh-CN';
import type { ReactNode } from 'react';
import { ApiError } from '../shared/api/envelope';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Business answers are final; only a transport failure is worth one more try.
      retry: (failures, error) => !(error instanceof ApiError && error.code > -100000) && failures < 1,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCNLocale}>{children}</ConfigProvider>
    </QueryClientProvider>
  );
}
