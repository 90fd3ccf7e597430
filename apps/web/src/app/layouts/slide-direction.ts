import type { Variants } from 'motion/react';
import { paths } from '@/config/paths';

/** The page slide moves 20 px, enters in 0.4 s and leaves in 0.3 s. */
export const SLIDE_OFFSET_PX = 20;
export const SLIDE_ENTER_S = 0.4;
export const SLIDE_EXIT_S = 0.3;

const configurePaths: string[] = [paths.configureCluster, paths.configureClusterAlias];
const provisioningPaths: string[] = [paths.clusterProvisioning, paths.clusterProvisioningAlias];

/** Forward (1) from configure to provisioning, backward (-1) in reverse, forward otherwise. */
export function slideDirection(previous: string | null, next: string): 1 | -1 {
  if (previous && provisioningPaths.includes(previous) && configurePaths.includes(next)) return -1;
  return 1;
}

/** motion variants: content enters from the direction of travel and leaves the other way. */
export const slideVariants: Variants = {
  enter: (direction: number) => ({ x: direction * SLIDE_OFFSET_PX, opacity: 0 }),
  center: { x: 0, opacity: 1, transition: { duration: SLIDE_ENTER_S, ease: 'easeOut' } },
  exit: (direction: number) => ({
    x: -direction * SLIDE_OFFSET_PX,
    opacity: 0,
    transition: { duration: SLIDE_EXIT_S, ease: 'easeIn' },
  }),
};
