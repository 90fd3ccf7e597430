import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import websocket from '@fastify/websocket';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { answerFrameworkError, registerErrorHandling } from './http/error-handler.ts';
import { capConnectionsPerAddress, CONNECTION_TIMEOUTS } from './http/connection-limits.ts';
import { loggerOptions } from './http/logger-options.ts';
import { lazyChildLogger, registerAccessLog } from './http/request-logging.ts';
import {
  acceptOnlyJsonBodies,
  declareRequestRefusals,
  refuseUnstorableText,
  registerCrossSiteGuard,
} from './http/request-guards.ts';
import { inlineScriptHashes, registerSecurityHeaders } from './http/security-headers.ts';
import { registerJsonEtags } from './http/json-etag.ts';
import { registerRoutePlugins } from './http/route-discovery.ts';
import { readIndexHtml, registerSpa } from './http/spa.ts';
import { accessPlugin } from './modules/access/index.ts';
import { apiTokenPlugin } from './modules/api-tokens/index.ts';
import { versionSummary } from './modules/platform/index.ts';
import type { MailTransport } from './modules/mail/index.ts';
import { kubeApiRoutes } from './modules/kube-api/index.ts';
import { sessionPlugin } from './modules/sessions/index.ts';
import { SUPPORT_STAFF } from './http/organization-answers.ts';
import { createServices, type Services } from './services.ts';
import { APP_VERSION } from './version.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  mailTransport?: MailTransport;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

const BODY_LIMIT_BYTES = 64 * 1024;
/** Where each module's `*-routes.ts` files are found (http/route-discovery.ts). */
const MODULES_DIR = fileURLToPath(new URL('./modules', import.meta.url));

/** Builds the whole server from a config and an open database; tests call it in-process. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: {
      ...loggerOptions(config.logLevel),
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    http: {
      headersTimeout: CONNECTION_TIMEOUTS.headersTimeout,
      connectionsCheckingInterval: CONNECTION_TIMEOUTS.connectionsCheckingInterval,
    },
    requestTimeout: CONNECTION_TIMEOUTS.requestTimeout,
    keepAliveTimeout: CONNECTION_TIMEOUTS.keepAliveTimeout,
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors: answerFrameworkError,
    // One access-log line per request comes from registerAccessLog instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: (logger, bindings) => lazyChildLogger(logger, bindings),
  });
  capConnectionsPerAddress(app.server, config.maxConnectionsPerAddress);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const services = createServices(config, database, app.log, {
    mailTransport: options.mailTransport,
  });
  await app.register(
    fp(
      async (instance) => {
        instance.decorate('services', services);
      },
      { name: 'services' },
    ),
  );

  registerErrorHandling(app);
  registerAccessLog(app);
  acceptOnlyJsonBodies(app);
  refuseUnstorableText(app);
  declareRequestRefusals(app);
  const indexHtml = readIndexHtml(config.webDist);
  registerSecurityHeaders(app, {
    scriptHashes: inlineScriptHashes(indexHtml),
    exchangeRateUrl: config.exchangeRateUrl,
  });
  registerJsonEtags(app);
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      components: {
        securitySchemes: {
          // A personal API token (docs/api-automation.md): scripts send it instead of the cookie.
          apiToken: { type: 'http', scheme: 'bearer', description: 'ak_… personal API token' },
        },
      },
      info: {
        title: 'Alpenkube API',
        version: APP_VERSION,
        description:
          'The API behind the Alpenkube web app. Sign in with POST /api/login; the session cookie authenticates every other call, or a personal API token sent as `Authorization: Bearer`, within its scopes (docs/api-automation.md).',
      },
      tags: [
        { name: 'auth', description: 'Sign-in, registration and mailed links' },
        { name: 'account', description: "The signed-in user's own account" },
        { name: 'notifications', description: "The signed-in user's notifications" },
        { name: 'platform', description: 'Catalog, version and health' },
        { name: 'pricing', description: 'Price quotes from the one price engine' },
        { name: 'billing', description: "The organization's payment methods and credit" },
        { name: 'orders', description: "The organization's orders: placed, paid, cancelled" },
        {
          name: 'clusters',
          description: "The organization's clusters: changes, events and kubeconfigs",
        },
        { name: 'add-ons', description: "Add-ons on the organization's clusters" },
        { name: 'products', description: 'Marketplace products: the catalog and their instances' },
        { name: 'providers', description: 'The cloud providers and their health' },
        { name: 'people', description: "The organization's members and invitations" },
        {
          name: 'test gateway',
          description: 'The embedded test payment gateway (outside /api, as a processor would be)',
        },
        { name: 'public forms', description: 'Forms of the public site: no account needed' },
        { name: 'support', description: 'Tickets, custom solutions and the staff queue' },
        { name: 'operators', description: 'Platform operators: organizations and officer access' },
        {
          name: 'officers',
          description: 'Compliance officers: audit trail, data-subject requests, data residency',
        },
        {
          name: 'api tokens',
          description: 'Personal API tokens for scripts (docs/api-automation.md)',
        },
        { name: 'development', description: 'Development helpers: absent in production' },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(websocket, { options: { maxPayload: 4096 } });
  registerCrossSiteGuard(app, config.publicUrl);
  await app.register(sessionPlugin);
  await app.register(apiTokenPlugin);
  await app.register(accessPlugin);

  // A person reads their own writes in the kept answers (lists, the billing summary), whichever
  // table the write touched: this instance forgets them before the answer leaves (others hear
  // the tables' trigger). A write on support may change the staff's queue as well.
  app.addHook('onSend', async (request, _reply, payload) => {
    const user = request.session?.user;
    if (user && request.method !== 'GET' && request.method !== 'HEAD') {
      services.organizationAnswers.forget(user.organizationId);
      if (request.url.startsWith('/api/support/'))
        services.organizationAnswers.forget(SUPPORT_STAFF);
    }
    return payload;
  });
  await registerRoutePlugins(app, MODULES_DIR);
  // Not found with the others: the simulated Kubernetes API takes the resolver composed here.
  await app.register(
    kubeApiRoutes((clusterId, token, ip) =>
      services.bearerTokenThrottle.resolve(ip, () =>
        services.clusters.resolveKube(clusterId, token),
      ),
    ),
  );
  let openapiDocument: unknown;
  await registerSpa(app, {
    webDist: config.webDist,
    indexHtml,
    publicUrl: config.publicUrl,
    runtimeSettings: { 'exchange-rate-url': config.exchangeRateUrl },
    prerenderInput: async () => {
      // One catalog snapshot: a new one (a deploy changed prices) renders the pages again.
      const catalog = await services.catalog.catalog();
      return {
        generation: catalog,
        data: {
          tiers: catalog.value.tiers,
          addons: catalog.value.addons,
          catalog: catalog.value,
          version: versionSummary(config.appEnv),
          openapi: (openapiDocument ??= app.swagger()),
        },
      };
    },
  });

  const unsubscribes: (() => Promise<void>)[] = [];
  app.addHook('onReady', async () => {
    unsubscribes.push(
      await services.sessions.start(),
      await services.realtime.start(),
      await services.notifications.start(),
      await services.catalog.start(),
      await services.leads.start(),
      await services.organizationAnswers.start(),
    );
    if (config.runJobs) await services.jobs.start();
  });
  app.addHook('preClose', async () => {
    services.realtime.closeAll();
    await services.jobs.stop();
    await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe()));
  });
  return app;
}
