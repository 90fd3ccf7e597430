// Three instances behind nginx under a few hundred customers, one killed with SIGKILL in the
// middle: the process test's scenario (apps/server/test/support/failover-load.ts), run longer.
// LOAD_SECONDS sets the load's length (120 s by default); the kill comes at a third of it.
import { pathToFileURL } from 'node:url';
import {
  checkFailoverRun,
  printFailoverReport,
} from '../apps/server/test/support/failover-checks.ts';
import { runFailoverLoad } from '../apps/server/test/support/failover-load.ts';

export async function failoverLoadFigures() {
  const loadSeconds = Number(process.env.LOAD_SECONDS ?? 120);
  const run = await runFailoverLoad({
    organizations: 30,
    usersPerOrganization: 8,
    loadSeconds,
    killAfterSeconds: Math.round(loadSeconds / 3),
    ordersPerUser: 2,
  });
  try {
    printFailoverReport(await checkFailoverRun(run), run);
  } finally {
    await run.cleanup();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  failoverLoadFigures().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
