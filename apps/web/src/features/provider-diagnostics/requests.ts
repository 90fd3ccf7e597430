import type { ProviderValidate } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { request } from '@/lib/http';

/** A dry run: the driver's answer on a configuration, nothing is created. */
export const validateWithProvider = (provider: string, body: ProviderValidate) =>
  request(endpoints.providers.validate, { params: [provider], body });
