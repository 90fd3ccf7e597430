import { paths } from '@/config/paths';

/**
 * The mobile menu's links, signed in and signed out. A module apart from the header's links
 * (nav-links.ts), which the shell loads up front: these load with the lazy menu.
 */
export function mobileMenuLinks(signedIn: boolean, officersAccess: boolean) {
  if (!signedIn) {
    return [
      { to: paths.home, label: 'Home' },
      { to: paths.pricing, label: 'Pricing' },
      { to: paths.documentation, label: 'Documentation' },
      { to: paths.tutorials, label: 'Tutorials' },
      { to: paths.auth, label: 'Login' },
    ];
  }
  return [
    { to: paths.dashboard, label: 'Dashboard' },
    { to: paths.home, label: 'Home' },
    { to: paths.documentation, label: 'Documentation' },
    { to: paths.tutorials, label: 'Tutorials' },
    { to: paths.support, label: 'Support' },
    ...(officersAccess ? [{ to: paths.officersPanel, label: 'Officers Panel' }] : []),
    { to: paths.settings, label: 'Settings' },
  ];
}
