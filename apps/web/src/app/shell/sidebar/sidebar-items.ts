import {
  BarChart3,
  Building2,
  Calculator,
  CreditCard,
  LayoutDashboard,
  Puzzle,
  Server,
  Settings,
  ShoppingCart,
  Store,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { AreaReach } from '@alpenkube/contract/permissions';
import { paths } from '@/config/paths';

/** `reach`: what the member's role must reach for the link to show (all when absent). */
export type SidebarLink = { to: string; label: string; reach?: AreaReach };
export type SidebarItem = {
  id: string;
  label: string;
  icon: LucideIcon;
  reach?: AreaReach;
  /** Where the item goes (for a group: where its icon goes in the collapsed rail). */
  to: string;
  badge?: 'clusters' | 'orders';
  children?: SidebarLink[];
};
export type SidebarGroup = { id: string; label: string | null; items: SidebarItem[] };

/** The Clusters and Orders groups start expanded. */
export const DEFAULT_EXPANDED = ['clusters', 'orders'];

/**
 * The sidebar's groups. `userManagement`: whether the user may manage their organization's
 * people (the orgAdmin level: admins and super admins), which shows User Management;
 * `organizations`: whether they are a platform operator (superAdmin), which shows Organizations;
 * `reaches`: whether the member's role reaches a part of the organization (a billing member
 * sees no clusters), which leaves out the links it does not.
 */
export function sidebarGroups({
  userManagement,
  organizations = false,
  reaches = () => true,
}: {
  userManagement: boolean;
  organizations?: boolean;
  reaches?: (reach: AreaReach) => boolean;
}): SidebarGroup[] {
  const shown = <T extends { reach?: AreaReach }>(entry: T) =>
    entry.reach === undefined || reaches(entry.reach);
  return allGroups({ userManagement, organizations })
    .map((group) => ({
      ...group,
      items: group.items
        .filter(shown)
        .map((item) => (item.children ? { ...item, children: item.children.filter(shown) } : item)),
    }))
    .filter((group) => group.items.length > 0);
}

function allGroups({
  userManagement,
  organizations,
}: {
  userManagement: boolean;
  organizations: boolean;
}): SidebarGroup[] {
  return [
    {
      id: 'main',
      label: null,
      items: [{ id: 'dashboard', label: 'Dashboard', icon: LayoutDashboard, to: paths.dashboard }],
    },
    {
      id: 'infrastructure',
      label: 'Infrastructure',
      items: [
        {
          id: 'clusters',
          label: 'Clusters',
          icon: Server,
          to: paths.myClusters,
          badge: 'clusters',
          reach: 'clusters:read',
          children: [
            { to: paths.configureCluster, label: 'Configure New Cluster', reach: 'orders:write' },
            { to: paths.myClusters, label: 'View All Clusters' },
          ],
        },
        {
          id: 'add-ons',
          label: 'Add-ons',
          icon: Puzzle,
          to: paths.addOns,
          reach: 'clusters:read',
        },
        {
          id: 'marketplace',
          label: 'Marketplace',
          icon: Store,
          to: paths.marketplace,
          reach: 'orders:read',
        },
      ],
    },
    {
      id: 'commerce',
      label: null,
      items: [
        {
          id: 'orders',
          label: 'Orders',
          icon: ShoppingCart,
          to: paths.orders,
          badge: 'orders',
          reach: 'orders:read',
          children: [
            { to: paths.clusterOrders, label: 'Clusters' },
            { to: paths.addonOrders, label: 'Add-ons' },
            { to: paths.productOrders, label: 'Products' },
            { to: paths.supportOrders, label: 'Support' },
          ],
        },
      ],
    },
    {
      id: 'account',
      label: 'Account',
      items: [
        {
          id: 'billing',
          label: 'Billing',
          icon: CreditCard,
          to: paths.billing,
          reach: 'billing:read',
        },
        { id: 'usage', label: 'Usage', icon: BarChart3, to: paths.usage, reach: 'billing:read' },
        {
          id: 'price-estimator',
          label: 'Price Estimator',
          icon: Calculator,
          to: paths.priceEstimator,
        },
        ...(userManagement
          ? [
              {
                id: 'user-management',
                label: 'User Management',
                icon: Users,
                to: paths.userManagement,
              },
            ]
          : []),
        ...(organizations
          ? [
              {
                id: 'organizations',
                label: 'Organizations',
                icon: Building2,
                to: paths.adminOrganizations,
              },
            ]
          : []),
        { id: 'settings', label: 'Settings', icon: Settings, to: paths.settings },
      ],
    },
  ];
}

/** The sidebar footer; the mobile drawer adds the public links and Logout. */
export const sidebarFooterLinks: SidebarLink[] = [
  { to: paths.tutorials, label: 'Tutoriels & Docs' },
  { to: paths.support, label: 'Aide & Support' },
];

export const mobileSidebarFooterLinks: SidebarLink[] = [
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.documentation, label: 'Documentation' },
  { to: paths.tutorials, label: 'Tutorials' },
  { to: paths.support, label: 'Support' },
];
