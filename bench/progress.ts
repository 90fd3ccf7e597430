/**
 * Progress on stderr while the bench runs: each phase's name when it starts and its duration
 * when it ends, so that a run that takes long shows where, and stdout keeps only the tables.
 */
export async function phase<T>(name: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  console.error(`… ${name}`);
  try {
    return await run();
  } finally {
    console.error(`  ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}
