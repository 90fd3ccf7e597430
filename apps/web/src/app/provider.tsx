import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AuthProvider } from '@/lib/session/use-auth';
import { ToasterHost } from '@/components/ui/toaster-host';
import { queryClient as appQueryClient } from '@/lib/query-client';

/**
 * App-wide providers that do not depend on the router. Tooltips get their provider inside the
 * lazily loaded parts that use them, keeping Radix Tooltip out of the home page's bundle.
 */
export function AppProvider({
  children,
  onSignedOut,
  queryClient = appQueryClient,
}: {
  children: ReactNode;
  onSignedOut?: (path: string) => void;
  /** The prerender brings its own, one per page. */
  queryClient?: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider onSignedOut={onSignedOut}>
        {children}
        <ToasterHost />
      </AuthProvider>
    </QueryClientProvider>
  );
}
