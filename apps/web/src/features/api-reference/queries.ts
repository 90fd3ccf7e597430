import { endpoints } from '@alpenkube/contract/endpoints';
import { queryKeyOf } from '@/lib/http';

/** The OpenAPI document's key: the page reads it, and the prerender fills it from the server. */
export const apiReferenceKeys = {
  openapi: queryKeyOf(endpoints.platform.openapi),
};
