import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { ConsoleApiError } from '../api/call';
import { cspNonce } from './csp-nonce';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // a refused or signed-out call is an answer, not a hiccup to retry
      retry: (count, error) => !(error instanceof ConsoleApiError && error.status !== 0) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

/** The console's look: antd's light theme, a deep red brand colour shared with the player app. */
const THEME = {
  algorithm: theme.defaultAlgorithm,
  token: { colorPrimary: '#c4161c', borderRadius: 6 },
};

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={zhCN}
        theme={THEME}
        csp={{ nonce: cspNonce() }}
        button={{ autoInsertSpace: false }}
      >
        <AntApp>{children}</AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
