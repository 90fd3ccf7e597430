import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginResult } from '@alpenkube/contract';
import { useToast } from '@/components/ui/use-toast';
import { clearCacheForSignIn, displayName, storeUser } from '@/lib/session/session-cache';

/**
 * A sign-in by another door than the password form (magic link, dev login). It follows the same
 * rules as the login mutation: clear the cache first, store the user and greet them, or store
 * nothing when the server still wants the second factor.
 */
export function useAlternativeSignIn<Args>(signIn: (args: Args) => Promise<LoginResult>) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation<LoginResult, Error, Args>({
    mutationFn: (args) => {
      clearCacheForSignIn(queryClient);
      return signIn(args);
    },
    onSuccess: async (result) => {
      if ('mfaRequired' in result) return;
      await storeUser(queryClient, result);
      toast({ title: 'Login successful', description: `Welcome back, ${displayName(result)}!` });
    },
    onError: (error) =>
      toast({ title: 'Login failed', description: error.message, variant: 'destructive' }),
  });
}
