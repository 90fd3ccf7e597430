import type { Worker } from 'node:worker_threads';
import { startTypeScriptWorker } from '../lib/typescript-worker.ts';

/* The server's side of the prerender thread (prerender-worker.ts). */

export interface PrerenderWorkerData {
  webDist: string;
  /** The web build's prerender module. */
  entry: string;
}

/** A page to render; `data` comes with the first request of each generation only. */
export type PrerenderRequest = {
  id: number;
  pathname: string;
  /** index.html with the path's title and description. */
  shell: string;
  generation: number;
} & ({ data: unknown } | object);

export type PrerenderReply =
  { id: number; ok: true; html: string | null } | { id: number; ok: false; message: string };

/** A render that takes longer has hung (a loop in a page): its thread is ended and started anew. */
const RENDER_TIMEOUT_MS = 10_000;

/**
 * Renders public pages in a thread, started at the first render and again after it died or
 * hung. The data of a generation (the catalog snapshot, the API document) crosses to the thread
 * once, not with every page.
 */
export function createPrerenderThread(
  workerData: PrerenderWorkerData,
  timeoutMs = RENDER_TIMEOUT_MS,
) {
  let worker: Worker | null = null;
  let sentGeneration: number | undefined;
  let nextId = 1;
  const pending = new Map<number, { resolve(html: string | null): void; reject(e: Error): void }>();

  function stop(reason: Error) {
    const stopping = worker;
    worker = null;
    sentGeneration = undefined;
    for (const call of pending.values()) call.reject(reason);
    pending.clear();
    void stopping?.terminate();
  }

  function thread(): Worker {
    if (worker) return worker;
    const started = startTypeScriptWorker(
      new URL('./prerender-worker.ts', import.meta.url),
      workerData,
    );
    started.on('message', (reply: PrerenderReply) => {
      const call = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.ok) call?.resolve(reply.html);
      else call?.reject(new Error(reply.message));
    });
    const died = (error: Error) => {
      if (worker === started) stop(error);
    };
    started.on('error', died);
    started.on('exit', () => died(new Error('The prerender thread stopped')));
    // Pages are rendered for requests: a thread with nothing to do never keeps the server up.
    started.unref();
    worker = started;
    return started;
  }

  return {
    render(pathname: string, shell: string, generation: number, data: unknown) {
      const target = thread();
      const id = nextId++;
      const request: PrerenderRequest = { id, pathname, shell, generation };
      if (sentGeneration !== generation) {
        Object.assign(request, { data });
        sentGeneration = generation;
      }
      return new Promise<string | null>((resolve, reject) => {
        const timer = setTimeout(
          () => stop(new Error(`Rendering ${pathname} took over ${timeoutMs} ms`)),
          timeoutMs,
        );
        const settle = () => clearTimeout(timer);
        pending.set(id, {
          resolve: (html) => (settle(), resolve(html)),
          reject: (error) => (settle(), reject(error)),
        });
        target.postMessage(request);
      });
    },
    close() {
      stop(new Error('The server is closing'));
    },
  };
}
