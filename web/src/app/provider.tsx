import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { siteGateKeys } from '@/features/site-gate/api/keys';
import { authKeys, type User } from '@/lib/auth';
import { createQueryClient } from '@/lib/react-query';

/**
 * Query client whose 401 answers end the cached session (the guards then redirect), and
 * whose 403 `site_locked` answers ask the site gate again (it then shows its screen), and
 * whose 403 `second_factor_required` marks the session as without a second factor (the
 * admin guard then explains what is missing instead of a generic error).
 */
export function createAppQueryClient(): QueryClient {
  const client: QueryClient = createQueryClient({
    onUnauthorized: () => {
      if (client.getQueryData(authKeys.me()) !== null) client.setQueryData(authKeys.me(), null);
    },
    onSiteLocked: () => {
      void client.invalidateQueries({ queryKey: siteGateKeys.all });
    },
    onSecondFactorRequired: () => {
      client.setQueryData<User | null>(authKeys.me(), (user) => (user?.second_factor ? { ...user, second_factor: false } : user));
    },
  });
  return client;
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createAppQueryClient());
  return (
    <QueryClientProvider client={client}>
      <TooltipProvider delayDuration={300}>{children}</TooltipProvider>
      {/* Bottom right, so the top bar stays usable; at most three at once. */}
      <Toaster
        position="bottom-right"
        visibleToasts={3}
        richColors
        closeButton
        duration={5000}
        containerAriaLabel="Benachrichtigungen"
        toastOptions={{ className: 'font-sans sw-toast', closeButtonAriaLabel: 'Schließen' }}
      />
    </QueryClientProvider>
  );
}
