import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TopologyList } from './topology-list';

describe('the topology as a list', () => {
  it('says in words what the graph draws, pool by pool', () => {
    render(
      <TopologyList
        topologies={[
          {
            id: 4,
            name: 'prod-eu',
            status: 'provisioning',
            controlPlane: {
              ha: false,
              replicas: 1,
              version: '1.37.2',
              endpoint: null,
              healthy: false,
            },
            nodePools: [
              {
                id: 9,
                name: 'general',
                size: 'm-4',
                count: 2,
                autoscaleMin: null,
                autoscaleMax: null,
                labels: {},
                taints: [],
                nodes: [
                  {
                    name: 'prod-eu-general-a',
                    status: 'joining',
                    zone: 'eu-a',
                    version: '1.37.2',
                    createdAt: '2026-03-01T10:00:00Z',
                  },
                ],
              },
            ],
            addons: [{ slug: 'monitoring', name: 'Monitoring' }],
          },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Topology' });
    expect(list).toHaveTextContent(
      'prod-eu: control plane, provisioning, 1 replica, Kubernetes 1.37.2, not answering',
    );
    expect(list).toHaveTextContent('Node pool general: 0 of 2 nodes ready, size m-4');
    expect(
      within(list)
        .getAllByTestId('topology-list-item')
        .map((item) => item.textContent),
    ).toEqual(['Node prod-eu-general-a: joining, zone eu-a', 'Add-on Monitoring']);
  });
});
