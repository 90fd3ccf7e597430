// Loaded into every server instance by the failover memory bench (NODE_OPTIONS=--import): once
// a second it appends the process's memory to BENCH_MEMORY_DIR/<pid>.jsonl. Once the bench
// writes BENCH_MEMORY_DIR/settle (the load is over), the next sample follows a full garbage
// collection, so that what it shows is what the instance kept, not what it had yet to free.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.env.BENCH_MEMORY_DIR;
if (dir && process.argv.some((arg) => arg.endsWith('src/main.ts'))) {
  const file = path.join(dir, `${process.pid}.jsonl`);
  const sample = () => {
    const settled = fs.existsSync(path.join(dir, 'settle'));
    if (settled && typeof globalThis.gc === 'function') globalThis.gc();
    const { rss, heapUsed } = process.memoryUsage();
    fs.appendFileSync(file, `${JSON.stringify({ at: Date.now(), rss, heapUsed, settled })}\n`);
  };
  sample();
  setInterval(sample, 1000).unref();
}
