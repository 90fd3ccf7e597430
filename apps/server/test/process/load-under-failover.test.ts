import { afterAll, describe, expect, it } from 'vitest';
import {
  checkFailoverRun,
  printFailoverReport,
  type FailoverReport,
} from '../support/failover-checks.ts';
import { runFailoverLoad } from '../support/failover-load.ts';

/**
 * About 60 s: 15 s to start three instances and nginx and seed 240 customers, 35 s of load with
 * an instance killed at 12 s, a few seconds of checks. The scenario and the rules it is judged by
 * are in ../support/failover-load.ts and failover-checks.ts (npm run bench runs it for longer);
 * docs/reliability.md says what each check means.
 */
let cleanup: (() => Promise<void>) | undefined;
afterAll(async () => {
  await cleanup?.();
});

describe('three instances behind nginx under load, one killed with SIGKILL and restarted', () => {
  let report: FailoverReport;

  it('serves 240 customers throughout: only requests in flight to the killed instance fail', async () => {
    const run = await runFailoverLoad(
      {
        organizations: 30,
        usersPerOrganization: 8,
        loadSeconds: 35,
        killAfterSeconds: 12,
        ordersPerUser: 1,
      },
      (remove) => (cleanup = remove),
    );
    report = await checkFailoverRun(run);
    printFailoverReport(report, run);

    expect(report.unexplainedFailures).toEqual([]);
    expect(report.unexpectedAnswers).toEqual([]);
    expect(report.servedAfterRestart).toBeGreaterThan(0);
    // The journey did what it says: writes were answered on every kind.
    expect(report.acknowledged.orders).toBeGreaterThan(50);
    expect(report.acknowledged.payments).toBeGreaterThan(50);
    expect(report.acknowledged.tickets).toBeGreaterThan(50);
  }, 110_000);

  it('loses no acknowledged write, charges no order twice and provisions no cluster twice', () => {
    expect(report.lostOrders).toEqual([]);
    expect(report.ordersPerKey).toEqual([]);
    expect(report.lostPayments).toEqual([]);
    expect(report.doubleCharges).toEqual([]);
    expect(report.lostTickets).toEqual([]);
    expect(report.repeatedTickets).toEqual([]);
    expect(report.clustersProvisionedTwice).toEqual([]);
    expect(report.operationsRunTwice).toEqual([]);
    expect(report.repeatedSteps).toEqual([]);
    expect(report.clustersPerOrder).toEqual([]);
  });

  it('reconnects every dropped socket, which then receives every notification written after', () => {
    // About a third of the sockets were held by the killed instance.
    expect(report.socketsDropped).toBeGreaterThan(30);
    expect(report.socketsDroppedOutsideTheKill).toEqual([]);
    expect(report.socketsNotReconnected).toEqual([]);
    expect(report.notificationsChecked).toBeGreaterThan(50);
    expect(report.missedNotifications).toEqual([]);
  });
});
