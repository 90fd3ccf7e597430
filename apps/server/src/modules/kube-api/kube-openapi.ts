import { KUBE_RESOURCES, type KubeResource } from './kube-resources.ts';
import { deploymentsResource } from './kube-manifest-resources.ts';

/**
 * The OpenAPI v3 documents kubectl reads before it writes. `kubectl apply` and `create`
 * validate by default (`--validate=strict`): kubectl asks `/openapi/v3` whether the object's
 * PATCH takes the `fieldValidation` query parameter and, when it does, leaves the checks to the
 * API server (which this one makes, a 422 naming the field); without these documents every
 * write without `--validate=false` failed with "failed to download openapi".
 *
 * Each group version lists its resources' paths and operations, each PATCH tagged with
 * `x-kubernetes-group-version-kind` as the real API server tags it. No request body schema is
 * given: kubectl then builds its strategic merge patches from the types it is built with, as it
 * does against an API server without OpenAPI, rather than from a schema this server would have
 * to keep as complete as Kubernetes' own.
 */

type GroupVersionPath = 'api/v1' | 'apis/apps/v1';
type Resource = Pick<KubeResource, 'name' | 'kind' | 'namespaced'>;

const RESOURCES: Record<GroupVersionPath, readonly Resource[]> = {
  'api/v1': KUBE_RESOURCES,
  'apis/apps/v1': [deploymentsResource],
};

const GROUP_VERSIONS = Object.keys(RESOURCES) as GroupVersionPath[];

/** `GET /openapi/v3`: where each group version's document is. */
export function openApiIndex() {
  return {
    paths: Object.fromEntries(
      GROUP_VERSIONS.map((path) => [path, { serverRelativeURL: `/openapi/v3/${path}` }]),
    ),
  };
}

const queryParameter = (name: string, description: string) => ({
  name,
  in: 'query',
  description,
  schema: { type: 'string', uniqueItems: true },
});

/** The write parameters the API server takes, `fieldValidation` the one kubectl looks for. */
const WRITE_PARAMETERS = [
  queryParameter('dryRun', 'When present, the changes are not persisted (All).'),
  queryParameter('fieldManager', 'The name of the actor making the change.'),
  queryParameter(
    'fieldValidation',
    'What the server does with unknown or duplicate fields: Ignore, Warn or Strict.',
  ),
];

const pathParameter = (name: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string', uniqueItems: true },
});

function operations(resource: Resource, groupVersion: string) {
  const [group, version] = groupVersion.includes('/')
    ? groupVersion.split('/')
    : ['', groupVersion];
  const gvk = { group, version, kind: resource.kind };
  const operation = (verb: string, parameters: object[]) => ({
    operationId: `${verb}${resource.kind}`,
    'x-kubernetes-action': verb,
    'x-kubernetes-group-version-kind': gvk,
    parameters,
    responses: { '200': { description: 'OK' }, '401': { description: 'Unauthorized' } },
  });
  const prefix = groupVersion === 'v1' ? '/api/v1' : `/apis/${groupVersion}`;
  const collection = resource.namespaced
    ? `${prefix}/namespaces/{namespace}/${resource.name}`
    : `${prefix}/${resource.name}`;
  const scope = resource.namespaced ? [pathParameter('namespace')] : [];
  return {
    [collection]: {
      parameters: scope,
      get: operation('list', []),
      post: operation('post', WRITE_PARAMETERS),
    },
    [`${collection}/{name}`]: {
      parameters: [pathParameter('name'), ...scope],
      get: operation('get', []),
      put: operation('put', WRITE_PARAMETERS),
      patch: operation('patch', [...WRITE_PARAMETERS, queryParameter('force', 'Apply only.')]),
      delete: operation('delete', [queryParameter('dryRun', 'Not persisted when present.')]),
    },
  };
}

/** `GET /openapi/v3/<group version>`, or null for a group version this server does not serve. */
export function openApiDocument(path: string) {
  const resources = RESOURCES[path as GroupVersionPath];
  if (!resources) return null;
  const groupVersion = path === 'api/v1' ? 'v1' : path.slice('apis/'.length);
  return {
    openapi: '3.0.0',
    info: { title: 'Kubernetes', version: 'unversioned' },
    paths: Object.assign({}, ...resources.map((resource) => operations(resource, groupVersion))),
    components: { schemas: {} },
  };
}
