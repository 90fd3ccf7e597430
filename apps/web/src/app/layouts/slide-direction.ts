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

type Slide = { keyframes: Keyframe[]; options: KeyframeAnimationOptions };

/** Content enters from the direction of travel… */
export function enterSlide(direction: 1 | -1): Slide {
  return {
    keyframes: [
      { transform: `translateX(${direction * SLIDE_OFFSET_PX}px)`, opacity: 0 },
      { transform: 'translateX(0)', opacity: 1 },
    ],
    options: { duration: SLIDE_ENTER_S * 1000, easing: 'ease-out' },
  };
}

/** …and leaves the other way. */
export function exitSlide(direction: 1 | -1): Slide {
  return {
    keyframes: [
      { transform: 'translateX(0)', opacity: 1 },
      { transform: `translateX(${-direction * SLIDE_OFFSET_PX}px)`, opacity: 0 },
    ],
    options: { duration: SLIDE_EXIT_S * 1000, easing: 'ease-in', fill: 'forwards' },
  };
}
