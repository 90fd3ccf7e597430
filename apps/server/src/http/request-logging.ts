import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

type LogMethod = (...args: unknown[]) => void;

/**
 * request.log, bound to the request id only when something is logged. Fastify would create a
 * pino child for every request, which costs a tenth of a simple request's time; most log
 * nothing. A class, so a request allocates one small object and no closures.
 */
class LazyChildLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Record<string, unknown>,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings));
  }

  get level() {
    return this.real.level;
  }
  set level(level: string) {
    this.real.level = level;
  }
  child(...args: Parameters<FastifyBaseLogger['child']>) {
    return this.real.child(...args);
  }
  fatal(...args: unknown[]) {
    (this.real.fatal as LogMethod)(...args);
  }
  error(...args: unknown[]) {
    (this.real.error as LogMethod)(...args);
  }
  warn(...args: unknown[]) {
    (this.real.warn as LogMethod)(...args);
  }
  info(...args: unknown[]) {
    (this.real.info as LogMethod)(...args);
  }
  debug(...args: unknown[]) {
    (this.real.debug as LogMethod)(...args);
  }
  trace(...args: unknown[]) {
    (this.real.trace as LogMethod)(...args);
  }
  silent(...args: unknown[]) {
    (this.real.silent as LogMethod)(...args);
  }
}

export function lazyChildLogger(
  parent: FastifyBaseLogger,
  bindings: Record<string, unknown>,
): FastifyBaseLogger {
  return new LazyChildLogger(parent, bindings) as unknown as FastifyBaseLogger;
}

const LOGS_INFO = new Set(['trace', 'debug', 'info']);

/** One access-log line per request, at info, instead of Fastify's two. */
export function registerAccessLog(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    if (LOGS_INFO.has(app.log.level)) {
      app.log.info(
        {
          reqId: request.id,
          method: request.method,
          // The path only: a query string can carry a mailed token (/verify-email?token=…).
          url: request.url.split('?', 1)[0],
          statusCode: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request',
      );
    }
    done();
  });
}
