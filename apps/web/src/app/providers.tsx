import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { retryUnanswered } from '../shared/api/envelope';

/** The app's query cache; the server's renderer makes one per page with the same defaults. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}

export const queryClient = createQueryClient();

export function Providers({ client = queryClient, children }: { client?: QueryClient; children: ReactNode }) {
  return (
    // antd-mobile's default locale is already zh-CN: no ConfigProvider (and its chunk) needed.
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}
