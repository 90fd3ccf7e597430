import { useState } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { AnimatePresence, domAnimation, LazyMotion } from 'motion/react';
import * as m from 'motion/react-m';
import { slideDirection, slideVariants } from './slide-direction';

/** Keeps the outlet of the page that is leaving, so it can animate out with its own content. */
function FrozenOutlet({ outlet }: { outlet: ReturnType<typeof useOutlet> }) {
  const [frozen] = useState(outlet);
  return frozen;
}

/** The wizard's layout: configure ⇄ provisioning slide in the direction of travel. */
export function SlideLayout() {
  const location = useLocation();
  const outlet = useOutlet();
  // The direction is derived from the previous path while rendering the new one.
  const [slide, setSlide] = useState<{ path: string; direction: 1 | -1 }>({
    path: location.pathname,
    direction: 1,
  });
  if (slide.path !== location.pathname) {
    setSlide({ path: location.pathname, direction: slideDirection(slide.path, location.pathname) });
  }
  const direction =
    slide.path === location.pathname
      ? slide.direction
      : slideDirection(slide.path, location.pathname);

  return (
    <div className="flex-1 overflow-x-hidden px-4 py-8 lg:px-8" data-layout="slide">
      {/* The slim `m` component with only the DOM animation features: a third of `motion`'s size. */}
      <LazyMotion features={domAnimation} strict>
        <AnimatePresence mode="wait" custom={direction} initial={false}>
          <m.div
            key={location.pathname}
            custom={direction}
            variants={slideVariants}
            initial="enter"
            animate="center"
            exit="exit"
            data-slide-direction={direction === 1 ? 'forward' : 'backward'}
          >
            <FrozenOutlet outlet={outlet} />
          </m.div>
        </AnimatePresence>
      </LazyMotion>
    </div>
  );
}
