import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  AuditFilter,
  AuditPage,
  DataSubjectRequest,
  Person,
  ResidencyReport,
} from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { isUnder, queryKeyOf, request } from '@/lib/http';

const { officers } = endpoints;

/** The officers' query keys: GET paths first, so the default query fetcher can GET them. */
export const officerKeys = {
  audit: (filter: AuditFilter) => queryKeyOf(officers.auditEvents, filter),
  people: (q: string) => queryKeyOf(officers.people, q),
  requests: () => queryKeyOf(officers.dataSubjectRequests),
  residency: () => queryKeyOf(officers.residency),
};

/** Whether a query is one of the officers' panel (an erasure or an export changes any of them). */
export const isOfficerQuery = (queryKey: readonly unknown[]) =>
  [officers.auditEvents, officers.people, officers.dataSubjectRequests, officers.residency].some(
    (read) => isUnder(queryKey, read.pattern),
  );

export const AUDIT_PAGE = 50;

/** The audit trail for a filter, a page at a time ("Load more" asks for the next). */
export const useAuditLog = (filter: AuditFilter) =>
  useInfiniteQuery({
    queryKey: officerKeys.audit(filter),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      request(officers.auditEvents, {
        params: [
          {
            ...filter,
            limit: String(AUDIT_PAGE),
            ...(pageParam ? { before: String(pageParam) } : {}),
          },
        ],
      }) as Promise<AuditPage>,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

export const useMembers = (q: string) =>
  useQuery({
    ...queryOptions<Person[]>({ queryKey: officerKeys.people(q) }),
    enabled: q.trim().length >= 2,
  });

export const useDataSubjectRequests = () =>
  useQuery(queryOptions<DataSubjectRequest[]>({ queryKey: officerKeys.requests() }));

export const useResidency = () =>
  useQuery(queryOptions<ResidencyReport>({ queryKey: officerKeys.residency() }));

/** Where the audit CSV of a filter and the residency CSV download: links, not fetches. */
export const auditCsvUrl = (filter: AuditFilter) => officers.auditEventsCsv.path(filter);
export const residencyCsvUrl = () => officers.residencyCsv.path();
