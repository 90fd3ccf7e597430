import fs from 'node:fs';
import inspector from 'node:inspector';

/** A stretch of time in which the event loop ran nothing else: no request, timer or socket. */
export interface EventLoopStall {
  at: string;
  blockedMs: number;
  /**
   * The thread spent more than half the stall ready to run but waiting for a core: other
   * processes had the cores, so the machine, not the server's own work, held the loop. (Waiting
   * on synchronous I/O is the server's own doing, and is not counted as the machine's.)
   */
  machineBusy: boolean;
  /** Where the time went, most first ("our frame ← the frame it was in, 62%"); empty unless profiled. */
  cause: string[];
}

export interface EventLoopWatchOptions {
  /** A stall this long or longer is reported. */
  stallMs: number;
  /**
   * Runs V8's sampling profiler, so that a stall names the code that held the loop. It costs a
   * few percent of a core: meant for test servers and for chasing a stall, not for every day.
   */
  profile: boolean;
  onStall(stall: EventLoopStall): void;
}

const CHECK_EVERY_MS = 50;
/** The profile is started afresh this often, so that reading it after a stall stays cheap. */
const PROFILE_WINDOW_MS = 10_000;
const SAMPLING_INTERVAL_US = 1000;

/**
 * Watches the event loop from inside it: a timer that fires late by `stallMs` or more was kept
 * from running by synchronous work, which is what makes every request wait.
 */
export function watchEventLoop(options: EventLoopWatchOptions): { stop(): void } {
  const profiler = options.profile ? startProfiler() : null;
  // In microseconds of the monotonic clock, the one V8's profiles are timed by.
  const nowUs = () => Number(process.hrtime.bigint() / 1000n);
  let last = nowUs();
  let lastSchedule = threadSchedule();
  let profileStartedAt = last;
  const timer = setInterval(() => {
    const now = nowUs();
    const schedule = threadSchedule();
    const window = { fromUs: last, toUs: now };
    const blockedMs = Math.round((now - last) / 1000 - CHECK_EVERY_MS);
    last = now;
    const waitedUs = schedule && lastSchedule ? schedule.waitedUs - lastSchedule.waitedUs : 0;
    lastSchedule = schedule;
    if (blockedMs >= options.stallMs) {
      const at = new Date(Date.now() - (now - window.fromUs) / 1000).toISOString();
      const machineBusy = waitedUs > (now - window.fromUs) / 2;
      const report = (cause: string[]) => options.onStall({ at, blockedMs, machineBusy, cause });
      if (profiler) {
        profileStartedAt = now;
        profiler.restart((profile) => report(profile ? stallCause(profile, window) : []));
      } else {
        report([]);
      }
    } else if (profiler && now - profileStartedAt > PROFILE_WINDOW_MS * 1000) {
      profileStartedAt = now;
      profiler.restart(() => {});
    }
  }, CHECK_EVERY_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      profiler?.stop();
    },
  };
}

/**
 * How long this thread has run, and waited to run while it could (other threads or processes
 * had the cores), in microseconds: Linux's scheduler statistics. Null where there are none.
 */
function threadSchedule(): { ranUs: number; waitedUs: number } | null {
  try {
    const [ranNs, waitedNs] = fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
    return { ranUs: Number(ranNs) / 1000, waitedUs: Number(waitedNs) / 1000 };
  } catch {
    return null;
  }
}

interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: CpuProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

function startProfiler() {
  const session = new inspector.Session();
  session.connect();
  const start = () => session.post('Profiler.start');
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
  start();
  return {
    /** Hands over the profile since the last start, and starts a new one. */
    restart(onProfile: (profile: CpuProfile | null) => void) {
      session.post('Profiler.stop', (error, result) => {
        start();
        onProfile(error ? null : (result.profile as unknown as CpuProfile));
      });
    },
    stop() {
      session.post('Profiler.stop', () => session.disconnect());
    },
  };
}

const IDLE_FRAMES = new Set(['(idle)', '(program)']);

/**
 * Names the code behind a stall from the samples taken in it: for each, our own deepest frame
 * (server, prerender or contract code) and the frame the sample was in, counted and ranked.
 */
export function stallCause(
  profile: CpuProfile,
  window: { fromUs: number; toUs: number },
  top = 3,
): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  }
  const busy: number[] = [];
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (at < window.fromUs || at > window.toUs) return;
    if (!IDLE_FRAMES.has(byId.get(id)?.callFrame.functionName ?? '(idle)')) busy.push(id);
  });
  const counts = new Map<string, number>();
  for (const id of busy) {
    const key = describeSample(id, byId, parentOf);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, count]) => `${key}, ${Math.round((100 * count) / busy.length)}%`);
}

const OUR_CODE = /\/(apps\/server\/src|apps\/web\/dist\/ssr|packages\/contract\/src)\//;

function describeSample(
  id: number,
  byId: Map<number, CpuProfileNode>,
  parentOf: Map<number, number>,
): string {
  const leaf = byId.get(id);
  let ours: CpuProfileNode | undefined;
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const node = byId.get(at);
    if (node && OUR_CODE.test(node.callFrame.url)) {
      ours = node;
      break;
    }
  }
  const where = (node: CpuProfileNode | undefined) => {
    if (!node) return 'outside our code';
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^.*\/(apps|packages|node_modules)\//, '$1/');
    return `${functionName || '(anonymous)'} (${file || 'native'}${file ? `:${lineNumber + 1}` : ''})`;
  };
  return ours === leaf ? where(ours) : `${where(ours)} ← ${where(leaf)}`;
}
