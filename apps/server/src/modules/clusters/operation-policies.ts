import type { Catalog, ClusterOperationKind, ClusterStatus } from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import type { clusterOperations, OperationStep } from './schema.ts';
import { dollars } from '../../lib/money.ts';
import type { StepEffect } from '../providers/index.ts';
import type { ClusterBillingHooks, ClusterOrderHooks } from './cluster-hooks.ts';
import type { ClusterRow } from './cluster-records.ts';

/** An operation that just ended, in the transaction that ends it, with the cluster as it is now. */
export interface EndedOperation {
  tx: Tx;
  cluster: ClusterRow;
  operation: typeof clusterOperations.$inferSelect;
  catalog: Catalog;
  hooks: { orderHooks: ClusterOrderHooks; billingHooks: ClusterBillingHooks };
}

/**
 * What the end of one kind of operation means, success or failure: the cluster's status, its
 * event, what billing and the order learn, and what the organization is told. `finish` in
 * `cluster-operations.ts` runs the same sequence for every kind and asks this record.
 */
export interface OperationPolicy {
  /** Where the cluster goes when the operation succeeds, and when it fails. */
  ok: ClusterStatus;
  failed: ClusterStatus;
  /** The cluster's event when it succeeded. */
  done: (name: string) => string;
  /** Success changes what the cluster costs while its pools stay as they were (an add-on). */
  repricesOnSuccess?: true;
  /** What was prepaid follows what the cluster has now: credit for what went, none once gone. */
  billing: (ended: EndedOperation, failed: boolean) => Promise<void>;
  /** What success does beyond the cluster (orders, billing), and the notice it sends, if any. */
  succeeded?: (ended: EndedOperation) => Promise<string | null>;
  /** The failure's event and notice, once what was paid for the operation went back. */
  failedMessage?: (ended: EndedOperation, failure: string) => Promise<string>;
}

/** The add-on an install or removal operation is about, from its planned steps. */
export function addonOfOperation(operation: { steps: OperationStep[] }): string | null {
  for (const step of operation.steps) {
    const effect = step.effect as StepEffect;
    if (effect.type === 'addon-installed' || effect.type === 'addon-removed') return effect.slug;
  }
  return null;
}

/** Fewer nodes or add-ons than paid for may remain, whether the change succeeded or not. */
const capacityFollows: OperationPolicy['billing'] = ({ tx, cluster, catalog, hooks }) =>
  hooks.billingHooks.capacityChanged(tx, cluster.id, catalog);

const refundWords = (cents: number) =>
  cents ? ` ${dollars(cents)} was returned to your credit balance.` : '';

/** A change of a running cluster: back to running, or degraded with the reason. */
const change = (done: (name: string) => string): OperationPolicy => ({
  ok: 'running',
  failed: 'degraded',
  done,
  billing: capacityFollows,
});

export const operationPolicies: Record<ClusterOperationKind, OperationPolicy> = {
  provision: {
    ok: 'running',
    failed: 'failed',
    done: (name) => `Cluster ${name} is running`,
    // Its first period opened when the order was paid; a failed build gives it all back.
    billing: async ({ tx, cluster, hooks }, failed) => {
      if (failed) await hooks.billingHooks.provisioningFailed(tx, cluster.id);
    },
    succeeded: async ({ tx, cluster, hooks }) => {
      if (cluster.orderId) {
        await hooks.orderHooks.completed(tx, cluster.orderId, `Cluster ${cluster.name} is running`);
      }
      return `Cluster ${cluster.name} is ready: download its kubeconfig to start.`;
    },
    failedMessage: async ({ tx, cluster, hooks }, failure) => {
      const refunded = cluster.orderId
        ? await hooks.orderHooks.failed(tx, cluster.orderId, failure)
        : 0;
      return `Provisioning of ${cluster.name} failed: ${failure}.${refundWords(refunded)}`;
    },
  },
  scale: change((name) => `Cluster ${name} scaled`),
  add_pool: change((name) => `Node pool added to ${name}`),
  remove_pool: change((name) => `Node pool removed from ${name}`),
  upgrade: {
    ...change((name) => `Cluster ${name} upgraded`),
    succeeded: async ({ cluster }) =>
      `Cluster ${cluster.name} now runs Kubernetes ${cluster.kubernetesPatch}.`,
  },
  auto_upgrade: {
    ...change((name) => `Cluster ${name} upgraded in its maintenance window`),
    succeeded: async ({ cluster }) =>
      `Cluster ${cluster.name} now runs Kubernetes ${cluster.kubernetesPatch}: upgraded in its maintenance window, node by node.`,
  },
  recycle: change((name) => `Node recycled in ${name}`),
  install_addon: {
    ...change((name) => `Add-on installed on ${name}`),
    repricesOnSuccess: true,
    succeeded: async ({ tx, cluster, operation, catalog, hooks }) => {
      const addon = addonOfOperation(operation);
      if (!addon) return null;
      await hooks.billingHooks.addonInstalled(tx, cluster.id, addon, catalog);
      await hooks.orderHooks.addonSettled(tx, cluster.id, addon, null);
      const name = catalog.addons.find((entry) => entry.slug === addon)?.name ?? addon;
      return `Add-on ${name} is installed on ${cluster.name}.`;
    },
    failedMessage: async ({ tx, cluster, operation, hooks }, failure) => {
      const addon = addonOfOperation(operation);
      const refunded = addon
        ? await hooks.orderHooks.addonSettled(tx, cluster.id, addon, failure)
        : 0;
      return `Installing ${addon ?? 'an add-on'} on ${cluster.name} failed: ${failure}.${refundWords(refunded)}`;
    },
  },
  make_ha: {
    ...change((name) => `Control plane of ${name} is highly available`),
    repricesOnSuccess: true,
    succeeded: async ({ tx, cluster, catalog, hooks }) => {
      await hooks.billingHooks.haEnabled(tx, cluster.id, catalog);
      await hooks.orderHooks.haSettled(tx, cluster.id, null);
      return `The control plane of ${cluster.name} is highly available: three replicas across zones.`;
    },
    failedMessage: async ({ tx, cluster, hooks }, failure) => {
      const refunded = await hooks.orderHooks.haSettled(tx, cluster.id, failure);
      return `Making the control plane of ${cluster.name} highly available failed: ${failure}.${refundWords(refunded)}`;
    },
  },
  remove_addon: {
    ...change((name) => `Add-on removed from ${name}`),
    repricesOnSuccess: true,
  },
  restore: {
    ...change((name) => `Cluster ${name} restored from its backup`),
    succeeded: async ({ cluster }) =>
      `Cluster ${cluster.name} was restored from its backup: its Kubernetes objects are as they were then.`,
    failedMessage: async ({ cluster }, failure) =>
      `Restoring ${cluster.name} from its backup failed: ${failure}. The cluster is degraded; try the restore again or ask support.`,
  },
  delete: {
    ok: 'deleted',
    failed: 'deleting',
    done: (name) => `Cluster ${name} deleted`,
    billing: async (ended, failed) => {
      if (failed) return capacityFollows(ended, failed);
      await ended.hooks.billingHooks.clusterDeleted(ended.tx, ended.cluster.id, ended.catalog);
    },
    succeeded: async ({ cluster }) => `Cluster ${cluster.name} was deleted.`,
    failedMessage: async ({ cluster }, failure) =>
      `Deleting ${cluster.name} stopped: ${failure}. Ask support to finish it.`,
  },
};
