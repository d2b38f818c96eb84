import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { retryUnanswered } from '../shared/api/envelope';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Business answers are final; only a transport failure is worth one more try.
      retry: retryUnanswered,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    // antd-mobile's default locale is already zh-CN: no ConfigProvider (and its chunk) needed.
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
}
