// The instances' memory under the failover load (bench/failover-load.ts's scenario), run three
// times: each instance samples its RSS and heap once a second (bench/memory-probe.mjs), and once
// the load is over, again after a full garbage collection. LOAD_SECONDS sets the load's length.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runFailoverLoad } from '../apps/server/test/support/failover-load.ts';

const RUNS = Number(process.env.BENCH_MEMORY_RUNS ?? 3);
/** How long the instances idle after the load before what they kept is read. */
const SETTLE_MS = 5_000;

interface Sample {
  at: number;
  rss: number;
  heapUsed: number;
  settled: boolean;
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

function readSamples(dir: string): Sample[][] {
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.jsonl'))
    .map((file) =>
      fs
        .readFileSync(path.join(dir, file), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Sample),
    );
}

/** One load: per instance, its memory as the load began, its peak, and after it (collected). */
async function oneRun(run: number, loadSeconds: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alpenkube-memory-'));
  const saved = { dir: process.env.BENCH_MEMORY_DIR, options: process.env.NODE_OPTIONS };
  const probe = path.join(import.meta.dirname, 'memory-probe.mjs');
  // Read by the instances the load starts (spawnServer passes this process's environment on).
  process.env.BENCH_MEMORY_DIR = dir;
  process.env.NODE_OPTIONS = `${saved.options ?? ''} --expose-gc --import ${probe}`.trim();
  let cleanup = async () => {};
  try {
    const load = await runFailoverLoad(
      {
        organizations: 30,
        usersPerOrganization: 8,
        loadSeconds,
        killAfterSeconds: Math.round(loadSeconds / 3),
        ordersPerUser: 2,
      },
      (given) => (cleanup = given),
    );
    fs.writeFileSync(path.join(dir, 'settle'), '');
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return readSamples(dir).map((samples) => {
      const during = samples.filter(
        (sample) => sample.at >= load.loadStartedAt && sample.at <= load.loadEndedAt,
      );
      const first = during[0] ?? samples[0]!;
      const last = samples.at(-1)!;
      // An instance that answered no sample once the load was over is the one killed in it.
      const killed = last.at < load.loadEndedAt;
      const after = killed
        ? undefined
        : (samples.filter((sample) => sample.settled).at(-1) ?? last);
      const role = killed
        ? 'killed'
        : samples[0]!.at > load.loadStartedAt
          ? 'restarted'
          : 'ran throughout';
      return {
        run,
        role,
        startRssMb: mb(first.rss),
        startHeapMb: mb(first.heapUsed),
        peakRssMb: mb(Math.max(...during.map((sample) => sample.rss))),
        peakHeapMb: mb(Math.max(...during.map((sample) => sample.heapUsed))),
        afterRssMb: after ? mb(after.rss) : null,
        afterHeapMb: after ? mb(after.heapUsed) : null,
      };
    });
  } finally {
    process.env.NODE_OPTIONS = saved.options ?? '';
    if (saved.options === undefined) delete process.env.NODE_OPTIONS;
    if (saved.dir === undefined) delete process.env.BENCH_MEMORY_DIR;
    else process.env.BENCH_MEMORY_DIR = saved.dir;
    await cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function failoverMemoryFigures() {
  const loadSeconds = Number(process.env.LOAD_SECONDS ?? 120);
  const rows = [];
  for (let run = 1; run <= RUNS; run++) rows.push(...(await oneRun(run, loadSeconds)));
  console.log(
    `\n| run (${loadSeconds} s load) | instance | RSS at start MB | peak RSS MB | RSS after MB | heap at start MB | peak heap MB | heap after GC MB |`,
  );
  console.log('|---:|---|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.run} | ${row.role} | ${row.startRssMb} | ${row.peakRssMb} | ${row.afterRssMb ?? '–'} | ${row.startHeapMb} | ${row.peakHeapMb} | ${row.afterHeapMb ?? '–'} |`,
    );
  }
  return rows;
}
