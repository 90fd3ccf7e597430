import type {
  ClusterOperationKind,
  ClusterSort,
  ClusterStatus,
  NodeStatus,
} from '@alpenkube/contract';
import type { BadgeProps } from '@/components/ui/badge';

type BadgeVariant = NonNullable<BadgeProps['variant']>;

/**
 * The one look of a cluster status, wherever a badge or a timeline shows it: a label, a badge
 * colour, whether work is under way (a spinner), and a sentence for the cluster's page. Types
 * only from the contract, so the list page loads no zod.
 */
export const clusterStatusDisplay: Record<
  ClusterStatus,
  { label: string; variant: BadgeVariant; busy: boolean; explanation: string }
> = {
  ordered: {
    label: 'Ordered',
    variant: 'secondary',
    busy: false,
    explanation: 'Paid: the provider starts building it shortly.',
  },
  provisioning: {
    label: 'Provisioning',
    variant: 'default',
    busy: true,
    explanation: 'The provider is building it.',
  },
  running: {
    label: 'Running',
    variant: 'success',
    busy: false,
    explanation: 'Up and answering: change it, or download its kubeconfig.',
  },
  updating: {
    label: 'Updating',
    variant: 'default',
    busy: true,
    explanation: 'A change is being applied; the next one can be asked once it is running again.',
  },
  degraded: {
    label: 'Degraded',
    variant: 'warning',
    busy: false,
    explanation: 'The provider reports it unhealthy.',
  },
  deleting: {
    label: 'Deleting',
    variant: 'secondary',
    busy: true,
    explanation: 'Its nodes and control plane are being removed.',
  },
  deleted: {
    label: 'Deleted',
    variant: 'outline',
    busy: false,
    explanation: 'Deleted: nothing of it remains at the provider.',
  },
  failed: {
    label: 'Failed',
    variant: 'destructive',
    busy: false,
    explanation: 'It could not be built; the amount paid was credited back.',
  },
};

/** Every status, in the order of a cluster's life (the status filter). */
export const clusterStatusList = Object.keys(clusterStatusDisplay) as ClusterStatus[];

export const nodeStatusDisplay: Record<NodeStatus, { label: string; variant: BadgeVariant }> = {
  joining: { label: 'Joining', variant: 'default' },
  ready: { label: 'Ready', variant: 'success' },
  recycling: { label: 'Recycling', variant: 'warning' },
  removing: { label: 'Removing', variant: 'secondary' },
};

/** What the operation under way is doing, as a progress line names it. */
export const operationLabels: Record<ClusterOperationKind, string> = {
  provision: 'Provisioning',
  scale: 'Scaling',
  add_pool: 'Adding a node pool',
  remove_pool: 'Removing a node pool',
  upgrade: 'Upgrading',
  auto_upgrade: 'Upgrading in the maintenance window',
  recycle: 'Recycling a node',
  install_addon: 'Installing an add-on',
  remove_addon: 'Removing an add-on',
  restore: 'Restoring from a backup',
  delete: 'Deleting',
  make_ha: 'Making the control plane highly available',
};

/** The list's sorts, in the order the sort menu offers them; the first is the server's default. */
export const clusterSortLabels: Record<ClusterSort, string> = {
  '-created': 'Newest first',
  created: 'Oldest first',
  name: 'Name, A to Z',
  '-name': 'Name, Z to A',
  status: 'Status',
  '-cost': 'Monthly cost, highest first',
  cost: 'Monthly cost, lowest first',
};

export const clusterSortList = Object.keys(clusterSortLabels) as ClusterSort[];

export const jurisdictionLabels = { eu: 'EU', non_eu: 'Non-EU' } as const;

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const timeOnly = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

/** An API timestamp for people; an unreadable one is shown as it came. */
export function formatClusterDate(iso: string, style: 'date' | 'dateTime' | 'time' = 'dateTime') {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return (style === 'date' ? dateOnly : style === 'time' ? timeOnly : dateTime).format(date);
}
