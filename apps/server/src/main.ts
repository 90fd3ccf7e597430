import fs from 'node:fs';
import type { Server } from 'node:https';
import { buildApp } from './app.ts';
import { prepareDatabase } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import {
  DataDirPermissionError,
  makeDataDirPrivate,
  PRIVATE_UMASK,
} from './db/data-dir-permissions.ts';
import { openDatabase } from './db/client.ts';
import { watchEventLoop } from './lib/event-loop-watch.ts';

async function main() {
  // Everything this process writes (the embedded database's files, the TLS key, the lock) is
  // for its own user only, whatever mode the code that creates it asks for.
  process.umask(PRIVATE_UMASK);
  const config = loadConfig();
  const madePrivate = makeDataDirPrivate(config.dataDir, { create: !config.databaseUrl });
  let closing = false;
  // Set once the server listens; a fatal database error before that ends the start at once.
  let shutdown: ((signal: string, exitCode?: number) => Promise<void>) | undefined = undefined;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    queryTimeoutMs: config.databaseQueryTimeoutMs,
    onError: (error) => console.error('database error', error),
    // Requests already get 503s; the supervisor's restart recovers the database from its WAL.
    onFatal: (error) => {
      console.error(`${error.message}: exiting`);
      if (shutdown) void shutdown('fatal database error', 1);
      else process.exit(1);
    },
  });
  // The first start unpacks the new database's files with modes of their own: private too.
  makeDataDirPrivate(config.dataDir, { create: false });
  const app = await buildApp({ config, database });
  if (madePrivate > 0) {
    app.log.warn(
      `the data directory ${config.dataDir} was readable by other users: ${madePrivate} ` +
        'entries made private (directories 0700, files 0600)',
    );
  }
  await prepareDatabase(app);
  let kubeApi: Server | undefined;
  shutdown = async (signal: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      kubeApi?.close();
      await app.close();
      await database.close();
      clearTimeout(force);
      process.exit(exitCode);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // Before listening: a SIGTERM as soon as the server answers must close it, not kill it.
  process.on('SIGINT', () => void shutdown?.('SIGINT'));
  process.on('SIGTERM', () => void shutdown?.('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  if (app.services.kubeApiTls && config.kubeApiPort !== null) {
    try {
      kubeApi = await app.services.kubeApiTls.listen(app, config.host, config.kubeApiPort);
      app.log.info(`simulated Kubernetes API at ${config.kubeApiUrl}`);
    } catch (error) {
      // The platform works without it; only kubectl against the simulated clusters does not.
      app.log.error(
        { err: error },
        `cannot serve the Kubernetes API on port ${config.kubeApiPort}`,
      );
    }
  }
  watchEventLoop({
    stallMs: config.eventLoop.warnMs,
    profile: config.eventLoop.profile,
    onStall(stall) {
      const by = stall.machineBusy ? 'the machine (other processes had the cores)' : 'the server';
      app.log.warn(stall, `the event loop was blocked for ${stall.blockedMs} ms by ${by}`);
      if (config.eventLoop.reportFile) {
        fs.appendFile(config.eventLoop.reportFile, `${JSON.stringify(stall)}\n`, () => {});
      }
    },
  });
  app.log.info(
    `Alpenkube ${config.appEnv} listening on ${config.host}:${config.port}, public at ${config.publicUrl} ` +
      `(database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}; ` +
      `files: ${app.services.fileStore.description})`,
  );
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof DataDirPermissionError
  ) {
    console.error(`Cannot start: ${error.message}`);
  } else {
    console.error('Cannot start:', error);
  }
  process.exit(1);
});
