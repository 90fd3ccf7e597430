import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '@alpenkube/contract/endpoints';
import { queryKeyOf } from '@/lib/http';
import { fetchDevUsers } from './requests';

export const authKeys = {
  devUsers: queryKeyOf(endpoints.dev.users),
};

export const authQueries = {
  /** The demo users of /dev-login (development only). */
  devUsers: () => queryOptions({ queryKey: authKeys.devUsers, queryFn: fetchDevUsers }),
};
