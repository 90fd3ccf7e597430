import { createContext, useContext, useEffect, type ReactNode } from 'react';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
} from '@tanstack/react-query';
import type { LoginInput, LoginResult, RegisterInput, User } from '@alpenkube/contract';
import { clearBrowserStorage } from '@/lib/browser-storage';
import { getQueryFn } from '@/lib/http';
import { useToast } from '@/components/ui/use-toast';
import { login, loginMfa, logout, register } from './requests';
import {
  clearCacheForSignIn,
  clearSignedOutData,
  displayName,
  LOGOUT_REDIRECT_MS,
  storeUser,
  userQueryKey,
  userQueryRetry,
  USER_QUERY_RETRY_DELAY_MS,
} from './session-cache';
import { hasSessionHint } from './session-hint';

/** The session's cache key: features that answer with the user (account settings) update it. */
export { userQueryKey };

export interface AuthContextValue {
  user: User | null;
  isLoading: boolean;
  error: Error | null;
  loginMutation: UseMutationResult<LoginResult, Error, LoginInput>;
  loginMfaMutation: UseMutationResult<User, Error, string>;
  logoutMutation: UseMutationResult<unknown, Error, void>;
  registerMutation: UseMutationResult<User, Error, RegisterInput>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

interface AuthProviderProps {
  children: ReactNode;
  /** Where logout sends the browser; a full page load so no signed-in state survives. */
  onSignedOut?: (path: string) => void;
}

export function AuthProvider({ children, onSignedOut = redirectTo }: AuthProviderProps) {
  const queryClient = useQueryClient();
  const { toast } = useToast();

  const userQuery = useQuery<User | null, Error>({
    queryKey: userQueryKey,
    queryFn: getQueryFn<User>({ on401: 'returnNull' }),
    // Without the hint the visitor is signed out: no request, no 401, and not loading. Read
    // whenever the query might fetch (not once per render), so the hint a sign-in brings does
    // not refetch the user it just stored.
    enabled: hasSessionHint,
    retry: userQueryRetry,
    retryDelay: USER_QUERY_RETRY_DELAY_MS,
  });

  const loginMutation = useMutation<LoginResult, Error, LoginInput>({
    mutationFn: (input) => {
      // Cached query data is cleared first, so nothing of a previous user survives.
      clearCacheForSignIn(queryClient);
      return login(input);
    },
    onSuccess: async (result) => {
      // The second-factor step stores nothing and says nothing until the code is accepted.
      if ('mfaRequired' in result) return;
      await storeUser(queryClient, result);
      toast({ title: 'Login successful', description: `Welcome back, ${displayName(result)}!` });
    },
    onError: (error) =>
      toast({ title: 'Login failed', description: error.message, variant: 'destructive' }),
  });

  const loginMfaMutation = useMutation<User, Error, string>({
    mutationFn: loginMfa,
    onSuccess: async (user) => {
      await storeUser(queryClient, user);
      toast({ title: 'Login successful', description: `Welcome back, ${displayName(user)}!` });
    },
    onError: (error) =>
      toast({ title: 'Login failed', description: error.message, variant: 'destructive' }),
  });

  const registerMutation = useMutation<User, Error, RegisterInput>({
    mutationFn: (input) => {
      clearCacheForSignIn(queryClient);
      return register(input);
    },
    onSuccess: async (user) => {
      await storeUser(queryClient, user);
      toast({ title: 'Registration successful', description: `Welcome, ${displayName(user)}!` });
    },
    onError: (error) =>
      toast({ title: 'Registration failed', description: error.message, variant: 'destructive' }),
  });

  const logoutMutation = useMutation<unknown, Error, void>({
    mutationFn: () => {
      // Cleared locally before the call, so the page stops showing the user at once.
      queryClient.setQueryData(userQueryKey, null);
      return logout();
    },
    onSuccess: () => {
      clearSignedOutData(queryClient);
      clearBrowserStorage();
      toast({ title: 'Logged out successfully' });
      setTimeout(() => onSignedOut('/'), LOGOUT_REDIRECT_MS);
    },
    onError: (error) => {
      console.error('Logout failed', error);
      toast({ title: 'Logout failed', description: error.message, variant: 'destructive' });
    },
  });

  // An error mentioning 401 on the user call means signed out, not broken.
  const error =
    userQuery.error && !userQuery.error.message.includes('401') ? userQuery.error : null;
  const user = error || userQuery.error ? null : (userQuery.data ?? null);

  // A finished sign-out only matters until someone signs in again (guards read it).
  const { reset: resetLogout, isSuccess: loggedOut } = logoutMutation;
  useEffect(() => {
    if (user && loggedOut) resetLogout();
  }, [user, loggedOut, resetLogout]);

  return (
    <AuthContext.Provider
      value={{
        user,
        isLoading: userQuery.isLoading,
        error,
        loginMutation,
        loginMfaMutation,
        logoutMutation,
        registerMutation,
      }}
    >
      {children}
    </AuthContext.Provider>
  );
}

function redirectTo(path: string) {
  window.location.assign(path);
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside an AuthProvider');
  return context;
}

/** The signed-in user, or null, also where no AuthProvider is (a shell part rendered alone). */
export function useSignedInUser(): User | null {
  return useContext(AuthContext)?.user ?? null;
}
