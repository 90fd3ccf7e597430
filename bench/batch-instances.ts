import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { BatchPhase, PhaseResult } from './batch-worker.ts';

/** An instance of the server for the batch bench: bench/batch-worker.ts in its own process. */
interface BatchInstance {
  run(phase: BatchPhase, timeoutMs: number): Promise<PhaseResult>;
  stop(): Promise<void>;
}

function startInstance(env: Record<string, string>): Promise<BatchInstance> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'batch-worker.ts'), {
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const instance: BatchInstance = {
    run: (phase, timeoutMs) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          reject(new Error(`${phase} did not finish in ${timeoutMs / 1000} s`));
        }, timeoutMs);
        child.once('message', (message: { result?: PhaseResult; error?: string }) => {
          clearTimeout(timer);
          if (message.result) resolve(message.result);
          else reject(new Error(`${phase} failed: ${message.error}`));
        });
        child.send({ phase });
      }),
    stop: async () => {
      if (child.connected) child.disconnect();
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(instance));
    child.once('exit', (code) => reject(new Error(`a batch instance exited (${code})`)));
  });
}

/**
 * Runs `phase` on `count` instances started together on the database (their start-up not
 * timed), and stops them, even when it fails or outlasts `timeoutMs`. Answers each instance's
 * result and the wall time until the last one finished.
 */
export async function onInstances(
  env: Record<string, string>,
  count: number,
  phase: BatchPhase,
  timeoutMs: number,
): Promise<{ wallMs: number; results: PhaseResult[] }> {
  const started = await Promise.allSettled(Array.from({ length: count }, () => startInstance(env)));
  const instances = started.flatMap((outcome) =>
    outcome.status === 'fulfilled' ? [outcome.value] : [],
  );
  try {
    const failed = started.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    const begun = performance.now();
    const results = await Promise.all(instances.map((instance) => instance.run(phase, timeoutMs)));
    return { wallMs: Math.round(performance.now() - begun), results };
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
  }
}
