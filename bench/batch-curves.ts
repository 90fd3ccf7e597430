// The batch work at 1,000, 10,000 and 100,000 clusters (BENCH_BATCH_SIZES), each on a fresh
// PostgreSQL database seeded set-based (bench/batch-seed.ts): metering one hour of every
// cluster, the month's close with its invoices and their PDFs on one instance then on two,
// renewals due at one moment for a tenth of the clusters, and the largest organization's pages
// (bench/batch-phases.ts; BENCH_BATCH_PHASES picks some of meter,close,close2,renew,pages).
// Every phase has a time-out; the database is dropped at the end, whatever happened.
import { onInstances } from './batch-instances.ts';
import {
  closePhase,
  meterPhase,
  pagesPhase,
  renewPhase,
  seconds,
  type PhaseContext,
} from './batch-phases.ts';
import { seedCustomers } from './batch-seed.ts';
import { withDatabase } from './database.ts';

const SIZES = (process.env.BENCH_BATCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const PHASES = new Set(
  (process.env.BENCH_BATCH_PHASES ?? 'meter,close,close2,renew,pages').split(','),
);

interface Row {
  size: number;
  figure: string;
  measured: string;
  aim: string;
  met: boolean;
}

async function measureSize(size: number): Promise<Row[]> {
  return withDatabase('postgres', async (env) => {
    const rows: Row[] = [];
    // Migrations, catalogs and the demo data, as the server's start does.
    await onInstances(env, 1, 'prepare', 300_000);
    const seedStarted = performance.now();
    const seeded = await seedCustomers(env.DATABASE_URL!, size);
    console.log(
      `${size} clusters, ${seeded.organizations} organizations seeded in ${seconds(performance.now() - seedStarted)}`,
    );
    const context: PhaseContext = {
      env,
      databaseUrl: env.DATABASE_URL!,
      size,
      seeded,
      add: (figure, measured, aim, met) => {
        rows.push({ size, figure, measured, aim, met });
        console.log(`  ${figure}: ${measured} (aim ${aim})`);
      },
    };
    if (PHASES.has('meter')) await meterPhase(context);
    if (PHASES.has('close')) await closePhase(context, 1);
    if (PHASES.has('close2')) await closePhase(context, 2);
    if (PHASES.has('renew')) await renewPhase(context);
    if (PHASES.has('pages')) await pagesPhase(context);
    return rows;
  });
}

export async function batchCurves() {
  const rows: Row[] = [];
  for (const size of SIZES) {
    try {
      rows.push(...(await measureSize(size)));
    } catch (error) {
      // A size that failed (or timed out) says so in the table; the next size still runs.
      console.error(`batch bench at ${size} clusters failed:`, error);
      rows.push({ size, figure: 'failed', measured: String(error), aim: '', met: false });
    }
  }
  console.log('\n| clusters | figure | measured | aim | met |');
  console.log('|---:|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.size} | ${row.figure} | ${row.measured} | ${row.aim} | ${row.met ? 'yes' : '**no**'} |`,
    );
  }
}
