import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreditCode,
  OperatorOrganizationDetail,
  OperatorOrganizationPage,
  OperatorOrganizationQuery,
  OperatorUser,
} from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { useToast } from '@/components/ui/use-toast';
import { isUnder, queryKeyOf } from '@/lib/http';
import { officersAccessKey } from '@/lib/session/use-officers-access';

const { operators, billing } = endpoints;

export const operatorKeys = {
  list: (query: OperatorOrganizationQuery = {}) => queryKeyOf(operators.organizations, query),
  organization: (id: number) => queryKeyOf(operators.organization, id),
  users: (id: number) => queryKeyOf(operators.users, id),
  creditCodes: queryKeyOf(billing.creditCodes),
};

export const useOrganizations = (query: OperatorOrganizationQuery) =>
  useQuery(queryOptions<OperatorOrganizationPage>({ queryKey: operatorKeys.list(query) }));
export const useOrganization = (id: number) =>
  useQuery(queryOptions<OperatorOrganizationDetail>({ queryKey: operatorKeys.organization(id) }));
export const useOrganizationUsers = (id: number) =>
  useQuery(queryOptions<OperatorUser[]>({ queryKey: operatorKeys.users(id) }));
export const useCreditCodes = () =>
  useQuery(queryOptions<CreditCode[]>({ queryKey: operatorKeys.creditCodes }));

/**
 * A change by an operator: on success every operators' query refetches (the list's counts
 * and tabs move too) and a toast says what happened; on failure a toast says why.
 */
export function useOperatorChange<Args, Result>(
  mutationFn: (args: Args) => Promise<Result>,
  options: {
    success: (result: Result, args: Args) => string;
    failure: string;
    onSettled?: () => void;
    onSuccess?: () => void;
    /** Instead of the failure toast: a form shows the error on its fields. */
    onError?: (error: Error) => void;
  },
) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation<Result, Error, Args>({
    mutationFn,
    onSuccess: (result, args) => {
      void queryClient.invalidateQueries({
        predicate: (query) =>
          isUnder(query.queryKey, operators.organizations.pattern) ||
          isUnder(query.queryKey, billing.creditCodes.pattern) ||
          // An operator may change their own officer access: the account menu follows.
          query.queryKey[0] === officersAccessKey[0],
      });
      toast({ title: options.success(result, args), variant: 'success' });
      options.onSuccess?.();
    },
    onError: (error) =>
      options.onError
        ? options.onError(error)
        : toast({ title: options.failure, description: error.message, variant: 'destructive' }),
    onSettled: options.onSettled,
  });
}
