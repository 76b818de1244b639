import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { authKeys } from '@/lib/auth';
import { createQueryClient } from '@/lib/react-query';

/** Query client whose 401 answers end the cached session (the guards then redirect). */
export function createAppQueryClient(): QueryClient {
  const client: QueryClient = createQueryClient({
    onUnauthorized: () => {
      if (client.getQueryData(authKeys.me()) !== null) client.setQueryData(authKeys.me(), null);
    },
  });
  return client;
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createAppQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster position="top-right" richColors closeButton duration={5000} toastOptions={{ className: 'font-sans' }} />
    </QueryClientProvider>
  );
}
