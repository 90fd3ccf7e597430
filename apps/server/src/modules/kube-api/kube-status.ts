/**
 * The API server's error answer: a `Status`, which kubectl prints as
 * `Error from server (<reason>): <message>` (and a 401 as "You must be logged in to the server").
 */
export interface KubeStatus {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Failure';
  message: string;
  reason: string;
  details?: {
    name?: string;
    kind?: string;
    group?: string;
    uid?: string;
    causes?: { reason: string; message: string; field: string }[];
  };
  code: number;
}

export function failure(
  code: number,
  reason: string,
  message: string,
  details?: KubeStatus['details'],
): KubeStatus {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    ...(details ? { details } : {}),
    code,
  };
}

export const unauthorizedStatus = () => failure(401, 'Unauthorized', 'Unauthorized');

/** The caller's address is outside the cluster's control-plane allowlist. */
export const firewallStatus = () =>
  failure(
    403,
    'Forbidden',
    "forbidden: the client's address is not in this cluster's control-plane allowlist",
  );

export const objectNotFound = (resource: string, name: string) =>
  failure(404, 'NotFound', `${resource} "${name}" not found`, { name, kind: resource });

export const pathNotFound = () =>
  failure(404, 'NotFound', 'the server could not find the requested resource');

export const methodNotAllowed = (message: string) => failure(405, 'MethodNotAllowed', message);

export const badRequestStatus = (message: string) => failure(400, 'BadRequest', message);
