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

/** The staff member asked their system for less motion (an accessibility setting). */
const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * The console's look: antd's light theme, a deep red brand colour shared with the player app. With
 * reduced motion asked for, antd's animations are off: dialogs and menus appear and leave at once.
 */
const THEME = {
  algorithm: theme.defaultAlgorithm,
  token: { colorPrimary: '#c4161c', borderRadius: 6, motion: !reducedMotion() },
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
