import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { refreshSession } from '../lib/session';
import { installTooltipDismiss } from '../components/ui/tooltip-dismiss';

/** docs/product.md#what-it-does: on start the app asks who is signed in. */
function SessionStart() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void refreshSession(queryClient, { atStart: true });
  }, [queryClient]);
  return null;
}

type AppProviderProps = { queryClient: QueryClient; i18n: I18n; checkSession?: boolean; children: ReactNode };

export function AppProvider({ queryClient, i18n, checkSession = true, children }: AppProviderProps) {
  useEffect(() => installTooltipDismiss(), []);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {/* The ability is provided by the signed-in routes (src/app/signed-in-scope.tsx). */}
        {checkSession ? <SessionStart /> : null}
        {children}
      </QueryClientProvider>
    </I18nextProvider>
  );
}
