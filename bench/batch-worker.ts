// One server instance for the batch bench, in a process of its own: the app built as main.ts
// builds it on DATABASE_URL, its job runner not started, so the batch code runs only when the
// bench asks. The bench forks one or two, waits for each "ready", then sends every one the same
// phase at once; each answers what it did and how long it took, without its start-up.
import os from 'node:os';
// The app finds its route files on disk (http/route-discovery.ts): the multipart plugin's request
// types, which the support module's routes add, reach this compilation only so.
import type {} from '@fastify/multipart';
import { buildApp } from '../apps/server/src/app.ts';
import { prepareDatabase } from '../apps/server/src/bootstrap.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { renderInvoicePdf } from '../apps/server/src/modules/invoices/invoice-pdf.ts';

export type BatchPhase = 'prepare' | 'meter' | 'close' | 'renew';

export interface PhaseResult {
  phase: BatchPhase;
  ms: number;
  /** This process's CPU time in the phase: on a busy machine, its share of the work. */
  cpuMs: number;
  /** What the phase did: clusters metered, invoices issued, renewals opened… */
  counts: Record<string, number>;
  rssMb: number;
  heapMb: number;
}

const config = {
  ...loadConfig({
    ...process.env,
    APP_ENV: 'development',
    LOG_LEVEL: 'fatal',
    WEB_DIST: '/nonexistent',
    DATA_DIR: os.tmpdir(),
  }),
  runJobs: false,
};
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ config, database });
await app.ready();
const { services } = app;

async function run(phase: BatchPhase): Promise<Record<string, number>> {
  const now = new Date();
  if (phase === 'prepare') {
    await prepareDatabase(app);
    // The demo clusters' history metered now: the measured pass then meters only the seeded hour.
    return services.usage.meterAll(now);
  }
  if (phase === 'meter') return services.usage.meterAll(now);
  if (phase === 'close') {
    const invoices = await services.invoices.closeDueMonths(now);
    // Each invoice's PDF, as its download builds it from the stored invoice.
    const pdfStarted = performance.now();
    let bytes = 0;
    for (const invoice of invoices) bytes += (await renderInvoicePdf(invoice)).length;
    return {
      invoices: invoices.length,
      pdfMs: Math.round(performance.now() - pdfStarted),
      pdfKb: Math.round(bytes / 1024),
    };
  }
  // The renewal chore's pass, as many times as it finds work, then the charges it queued.
  let passes = 0;
  let opened = 0;
  for (;;) {
    const pass = await services.billing.runRenewals(now);
    passes += 1;
    opened += pass.opened;
    if (pass.opened === 0 && pass.queued === 0) break;
  }
  const chargesStarted = performance.now();
  const charged = await services.jobs.drain();
  return {
    passes,
    opened,
    charged,
    chargeMs: Math.round(performance.now() - chargesStarted),
  };
}

process.on('message', (message: { phase: BatchPhase }) => {
  const started = performance.now();
  const cpu = process.cpuUsage();
  run(message.phase).then(
    (counts) => {
      const memory = process.memoryUsage();
      const result: PhaseResult = {
        phase: message.phase,
        ms: Math.round(performance.now() - started),
        cpuMs: Math.round(Object.values(process.cpuUsage(cpu)).reduce((a, b) => a + b, 0) / 1000),
        counts,
        rssMb: Math.round(memory.rss / 2 ** 20),
        heapMb: Math.round(memory.heapUsed / 2 ** 20),
      };
      process.send!({ result });
    },
    (error: unknown) =>
      process.send!({ error: String(error instanceof Error ? error.stack : error) }),
  );
});
// The bench going away ends the instance: nothing of it outlives the run.
process.on('disconnect', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
process.send!('ready');
