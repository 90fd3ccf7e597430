import { paths } from '@/config/paths';

/** The header's links; Support only for a signed-in user. */
export function headerLinks(signedIn: boolean) {
  return [
    { to: paths.home, label: 'Home' },
    { to: paths.pricing, label: 'Pricing' },
    { to: paths.documentation, label: 'Documentation' },
    { to: paths.tutorials, label: 'Tutorials' },
    ...(signedIn ? [{ to: paths.support, label: 'Support' }] : []),
  ];
}
