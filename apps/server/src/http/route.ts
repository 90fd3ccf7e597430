import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyPluginAsync,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorSchema } from '@alpenkube/contract';
import type {
  AnyEndpoint,
  BodyOf,
  NoContent,
  PathParamsOf,
  QueryOf,
  ResponseOf,
} from '@alpenkube/contract/endpoints';
import type { AccessLevel } from '@alpenkube/contract/permissions';

type Schema = z.ZodType;
type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyInstance['log'],
  ZodTypeProvider
>;

/**
 * The refusals a route's own code gives, each answered as `{ message }`. Those every route may
 * give before its code runs are declared for it (`declareRequestRefusals`, the access plugin):
 * 400 and 414, 403/413/415 with a body, 401/403 behind a session.
 */
export type Refusal = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 429 | 503;

/** Success answers by status (200, 201, 204 and 304 for a conditional GET). */
export type Answers = { readonly [status in 200 | 201 | 204 | 304]?: Schema };

export interface RouteSpec<
  Body extends Schema | undefined,
  Query extends Schema | undefined,
  Params extends Schema | undefined,
  Headers extends Schema | undefined,
  Answer extends Answers,
> {
  /** Who may call it (contract permissions.ts); the access plugin enforces it. */
  access: AccessLevel;
  summary: string;
  /** The OpenAPI tag, when not the plugin's. */
  tag?: string;
  headers?: Headers;
  params?: Params;
  query?: Query;
  body?: Body;
  answer: Answer;
  refuses?: readonly Refusal[];
  /** Left out of the OpenAPI document. */
  hide?: boolean;
  onRequest?: RouteShorthandOptions['onRequest'];
  serializerCompiler?: RouteShorthandOptions['serializerCompiler'];
}

/** Whether each type is assignable to the other: what the endpoint says and the schema gives. */
type Agree<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

type SchemaInput<S> = S extends Schema ? z.input<S> : undefined;
/** What a route answers with success: an empty 204 is the contract's NoContent. */
type AnswerOutput<A extends Answers> = {
  [K in keyof A & (200 | 201 | 204)]: A[K] extends Schema
    ? K extends 204
      ? NoContent
      : z.output<A[K]>
    : never;
}[keyof A & (200 | 201 | 204)];
/** A multipart endpoint's body is FormData, which the route reads itself: no body schema. */
type EndpointBody<E> = BodyOf<E> extends FormData ? undefined : BodyOf<E>;

/** The fields a params or query schema reads (none without a schema). */
type SchemaKeys<S> = S extends Schema ? keyof z.output<S> & string : never;
/** The fields of the endpoint's query object (none when it takes no query). */
type QueryKeys<E> = [QueryOf<E>] extends [never] ? never : keyof QueryOf<E> & string;

/**
 * The endpoint's body and answer types must be the schemas' own, and the params and query
 * schemas read the fields the endpoint's path fills in (a parameter the client sends that the
 * server never reads, or the reverse, fails the type check). A mismatch asks for a property
 * whose name says which, and whose type shows both sides.
 */
type MatchesEndpoint<E, Body, Query, Params, Answer extends Answers> = (Agree<
  SchemaKeys<Params>,
  PathParamsOf<E>
> extends true
  ? unknown
  : { paramsDifferFromEndpoint: { schema: SchemaKeys<Params>; endpoint: PathParamsOf<E> } }) &
  (Agree<SchemaKeys<Query>, QueryKeys<E>> extends true
    ? unknown
    : { queryDiffersFromEndpoint: { schema: SchemaKeys<Query>; endpoint: QueryKeys<E> } }) &
  (Agree<SchemaInput<Body>, EndpointBody<E>> extends true
    ? unknown
    : { bodyDiffersFromEndpoint: { schema: SchemaInput<Body>; endpoint: EndpointBody<E> } }) &
  ([keyof Answer & (200 | 201 | 204)] extends [never]
    ? unknown // no answer schema (the OpenAPI document): the route serialises its own answer
    : Agree<AnswerOutput<Answer>, ResponseOf<E>> extends true
      ? unknown
      : { answerDiffersFromEndpoint: { schema: AnswerOutput<Answer>; endpoint: ResponseOf<E> } });

/** The handler, typed by the schemas as Fastify's own shorthand routes are. */
export type RouteHandler<Body, Query, Params, Headers, Answer> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  { body: Body; querystring: Query; params: Params; headers: Headers; response: Answer },
  ZodTypeProvider
>;

export type DeclareRoute = <
  E extends AnyEndpoint,
  Answer extends Answers,
  Body extends Schema | undefined = undefined,
  Query extends Schema | undefined = undefined,
  Params extends Schema | undefined = undefined,
  Headers extends Schema | undefined = undefined,
>(
  endpoint: E,
  spec: RouteSpec<Body, Query, Params, Headers, Answer> &
    MatchesEndpoint<E, Body, Query, Params, Answer>,
  handler: RouteHandler<Body, Query, Params, Headers, Answer>,
) => void;

function declareRoute(app: FastifyInstance, defaultTag: string | undefined): DeclareRoute {
  return (endpoint, spec, handler) => {
    const refusals = Object.fromEntries((spec.refuses ?? []).map((code) => [code, errorSchema]));
    const tag = spec.tag ?? defaultTag;
    app.route({
      method: endpoint.method,
      url: endpoint.pattern,
      config: { access: spec.access },
      schema: {
        ...(spec.hide ? { hide: true } : {}),
        ...(tag ? { tags: [tag] } : {}),
        summary: spec.summary,
        ...(spec.headers ? { headers: spec.headers } : {}),
        ...(spec.params ? { params: spec.params } : {}),
        ...(spec.query ? { querystring: spec.query } : {}),
        ...(spec.body ? { body: spec.body } : {}),
        // None for a route that answers for itself (the document): nothing to add refusals to.
        ...(Object.keys(spec.answer).length ? { response: { ...spec.answer, ...refusals } } : {}),
      },
      ...(spec.onRequest ? { onRequest: spec.onRequest } : {}),
      ...(spec.serializerCompiler ? { serializerCompiler: spec.serializerCompiler } : {}),
      handler: handler as RouteHandlerMethod,
    });
  };
}

// Registered globally: the plugin is recognised even through another loader's copy of this file.
const ROUTE_PLUGIN = Symbol.for('alpenkube.routePlugin');

/** A plugin that `registerRoutePlugins` finds in a module's `*-routes.ts` and registers. */
export type RoutePlugin = FastifyPluginAsync & { readonly [ROUTE_PLUGIN]: true };

/**
 * A module's routes: `register` declares each with `route(endpoint, spec, handler)`, its method
 * and path from the contract's endpoint, its OpenAPI tag the plugin's unless the spec names one.
 * Plain Fastify (`app.get(…)`) stays for what is no endpoint of the contract (the socket, the
 * simulated Kubernetes API, the test gateway's pages).
 */
export function routePlugin(
  options: { tag?: string },
  register: (app: ZodApp, route: DeclareRoute) => Promise<void> | void,
): RoutePlugin {
  const plugin: FastifyPluginAsync = async (app) => {
    const zodApp = app.withTypeProvider<ZodTypeProvider>();
    await register(zodApp, declareRoute(app, options.tag));
  };
  return Object.assign(plugin, { [ROUTE_PLUGIN]: true as const });
}

export function isRoutePlugin(value: unknown): value is RoutePlugin {
  return typeof value === 'function' && ROUTE_PLUGIN in value;
}
