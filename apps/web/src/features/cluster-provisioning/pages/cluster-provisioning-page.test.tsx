import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Cluster, ClusterEvent } from '@alpenkube/contract';
import { clusterPushed } from '@/lib/cluster-cache';
import { json, renderPage } from '@/test/test-utils';
import { testCluster, testEvent, testNode } from '../test-clusters';
import { ClusterProvisioningPage } from './cluster-provisioning-page';

/** The page at `url`, with the cluster and its events answered by what `server` holds now. */
function renderProvisioning(url: string, server: { cluster: Cluster; events: ClusterEvent[] }) {
  return renderPage(<ClusterProvisioningPage />, {
    url,
    routes: {
      'GET /api/clusters/12': () => json(server.cluster),
      'GET /api/clusters/12/events': () => json(server.events),
    },
  });
}

describe('the provisioning page', () => {
  it('follows the build from the pushes: percent, step, nodes joining, the log, then the link', async () => {
    const server = { cluster: testCluster(), events: [testEvent(1, { message: 'Network ready' })] };
    const { queryClient } = renderProvisioning('/cluster-provisioning?cluster=12', server);

    expect(await screen.findByTestId('provisioning-percent')).toHaveTextContent('40%');
    expect(screen.getByRole('progressbar', { name: 'Provisioning progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByTestId('provisioning-step')).toHaveTextContent('Starting the control plane');
    expect(screen.getByText(/runs on a simulated Google GKE/)).toBeInTheDocument();
    expect(screen.getByTestId('provisioning-nodes-ready')).toHaveTextContent('0 of 3 nodes ready');
    expect(await screen.findByText('Network ready')).toBeInTheDocument();

    // The provider starts a node: the server's answer changes and a push says so.
    const joined = testEvent(2, { kind: 'node', message: 'Node prod-eu-general-a joining' });
    server.cluster = testCluster({
      operation: { ...testCluster().operation!, progress: 65, step: 'Joining the nodes' },
      nodePools: [
        { ...testCluster().nodePools[0]!, nodes: [testNode('prod-eu-general-a', 'joining')] },
      ],
    });
    server.events = [...server.events, joined];
    await act(() =>
      clusterPushed(queryClient, {
        type: 'cluster',
        organizationId: 1,
        clusterId: 12,
        status: 'provisioning',
        progress: 65,
        event: joined,
      }),
    );
    expect(await screen.findByText('65%')).toBeInTheDocument();
    expect(screen.getByTestId('provisioning-step')).toHaveTextContent('Joining the nodes');
    const pool = screen.getByRole('list', { name: 'Nodes of pool general' });
    expect(within(pool).getByTestId('provisioning-node')).toHaveAttribute('data-status', 'joining');
    expect(within(pool).getAllByText('Waiting to start')).toHaveLength(2);
    const log = screen.getByRole('list', { name: 'Cluster events' });
    expect(within(log).getAllByTestId('provisioning-event')[0]).toHaveTextContent(
      'Node prod-eu-general-a joining',
    );

    server.cluster = testCluster({
      status: 'running',
      operation: null,
      endpoint: 'https://prod-eu.k8s.example',
      nodePools: [
        {
          ...testCluster().nodePools[0]!,
          nodes: ['a', 'b', 'c'].map((id) => testNode(`prod-eu-general-${id}`, 'ready')),
        },
      ],
    });
    await act(() =>
      clusterPushed(queryClient, {
        type: 'cluster',
        organizationId: 1,
        clusterId: 12,
        status: 'running',
        progress: null,
        event: null,
      }),
    );
    expect(await screen.findByRole('link', { name: 'Open the cluster' })).toHaveAttribute(
      'href',
      '/clusters/12',
    );
    expect(screen.getByTestId('provisioning-percent')).toHaveTextContent('100%');
    expect(screen.getByTestId('provisioning-nodes-ready')).toHaveTextContent('3 of 3 nodes ready');
  });

  it('shows why a build failed, what was credited back, and the order', async () => {
    renderProvisioning('/cluster-provisioning?cluster=12', {
      cluster: testCluster({
        status: 'failed',
        operation: null,
        statusReason: 'No capacity in af-south-1 after 5 attempts',
      }),
      events: [
        testEvent(1),
        testEvent(2, {
          kind: 'status',
          status: 'failed',
          message: 'Provisioning failed: $450.00 was credited to your balance',
        }),
      ],
    });
    const failure = await screen.findByTestId('provisioning-failure');
    expect(failure).toHaveTextContent('No capacity in af-south-1 after 5 attempts');
    expect(await within(failure).findByTestId('provisioning-refund')).toHaveTextContent(
      '$450.00 was credited to your balance',
    );
    expect(
      within(failure).getByRole('link', { name: 'See the order and its refund' }),
    ).toHaveAttribute('href', '/order-status/41');
    expect(screen.queryByRole('link', { name: 'Open the cluster' })).not.toBeInTheDocument();
  });

  it('without a cluster named, lists those being built to pick from', async () => {
    renderPage(<ClusterProvisioningPage />, {
      url: '/cluster-provisioning',
      routes: {
        'GET /api/clusters?status=provisioning&sort=-created': () =>
          json({ items: [testCluster()], total: 1, page: 1, pageSize: 25 }),
        'GET /api/clusters?status=ordered&sort=-created': () =>
          json({
            items: [testCluster({ id: 13, name: 'next-one', status: 'ordered', operation: null })],
            total: 1,
            page: 1,
            pageSize: 25,
          }),
      },
    });
    const list = await screen.findByRole('list', { name: 'Clusters being built' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/cluster-provisioning?cluster=12',
      '/cluster-provisioning?cluster=13',
    ]);
    expect(links[0]).toHaveTextContent('40%');
  });

  it('with none being built, leads to the wizard', async () => {
    const empty = () => json({ items: [], total: 0, page: 1, pageSize: 25 });
    renderPage(<ClusterProvisioningPage />, {
      url: '/cluster-provisioning',
      routes: {
        'GET /api/clusters?status=provisioning&sort=-created': empty,
        'GET /api/clusters?status=ordered&sort=-created': empty,
      },
    });
    expect(await screen.findByText('No cluster is being built right now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Configure a cluster' })).toHaveAttribute(
      'href',
      '/configure-cluster',
    );
  });

  it('says so for a cluster that is not the organization’s', async () => {
    renderPage(<ClusterProvisioningPage />, { url: '/cluster-provisioning?cluster=99' });
    expect(await screen.findByRole('heading', { name: 'Cluster not found' })).toBeInTheDocument();
  });
});
