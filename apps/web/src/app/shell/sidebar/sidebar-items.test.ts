import { describe, expect, it } from 'vitest';
import { roleReaches, type ActorRole } from '@alpenkube/contract/permissions';
import { sidebarGroups } from './sidebar-items';

/** Every link of the sidebar a member of `role` sees, groups' children included. */
const linksOf = (role: ActorRole) =>
  sidebarGroups({ userManagement: false, reaches: (reach) => roleReaches(role, reach) }).flatMap(
    (group) =>
      group.items.flatMap((item) => [item.label, ...(item.children ?? []).map((c) => c.label)]),
  );

describe('sidebarGroups', () => {
  it('shows a customer every part of the organization', () => {
    expect(linksOf('user')).toEqual(
      expect.arrayContaining(['Clusters', 'Configure New Cluster', 'Orders', 'Billing', 'Usage']),
    );
  });

  it('leaves out of a billing member’s sidebar the clusters their role does not reach', () => {
    const links = linksOf('billing');
    expect(links).toEqual(expect.arrayContaining(['Billing', 'Usage', 'Orders', 'Settings']));
    const items = sidebarGroups({
      userManagement: false,
      reaches: (reach) => roleReaches('billing', reach),
    }).flatMap((group) => group.items.map((item) => item.id));
    expect(items).not.toContain('clusters');
    expect(items).not.toContain('add-ons');
    expect(links).not.toContain('View All Clusters');
  });

  it('shows a read-only member everything but what orders or changes', () => {
    const links = linksOf('viewer');
    expect(links).toEqual(expect.arrayContaining(['Clusters', 'View All Clusters', 'Billing']));
    expect(links).not.toContain('Configure New Cluster');
  });
});
