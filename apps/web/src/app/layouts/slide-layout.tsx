import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { enterSlide, exitSlide, slideDirection } from './slide-direction';

type Shown = { path: string; outlet: ReturnType<typeof useOutlet>; direction: 1 | -1 };

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Plays a slide on the element, where the browser animates (not in tests without it). */
function play(node: HTMLElement | null, slide: ReturnType<typeof enterSlide>) {
  if (!node || typeof node.animate !== 'function' || prefersReducedMotion()) return null;
  return node.animate(slide.keyframes, slide.options);
}

/**
 * The wizard's layout: configure ⇄ provisioning slide in the direction of travel. The page
 * that leaves keeps its own content (its outlet as it was) while it slides out; then the new
 * one slides in. The browser's Web Animations do the motion: no animation library to load.
 */
export function SlideLayout() {
  const location = useLocation();
  const outlet = useOutlet();
  const node = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<Shown>({ path: location.pathname, outlet, direction: 1 });
  const entered = useRef(shown.path);
  // The outlet is a new element on every render: the slide reads the newest one when it swaps,
  // rather than restarting each time the leaving page renders.
  const latestOutlet = useRef(outlet);
  latestOutlet.current = outlet;

  useEffect(() => {
    if (location.pathname === shown.path) return;
    const direction = slideDirection(shown.path, location.pathname);
    const path = location.pathname;
    let cancelled = false;
    const swap = () => {
      if (!cancelled) setShown({ path, outlet: latestOutlet.current, direction });
    };
    const leaving = play(node.current, exitSlide(direction));
    if (leaving) leaving.finished.then(swap, swap);
    else swap();
    return () => {
      cancelled = true;
    };
  }, [location.pathname, shown.path]);

  // The first page appears as it is; each page after it slides in. The leaving slide holds its
  // end (transparent, moved aside) until it is cancelled here, or it would show again once the
  // entering slide ends.
  useLayoutEffect(() => {
    if (entered.current === shown.path) return;
    entered.current = shown.path;
    node.current?.getAnimations?.().forEach((animation) => animation.cancel());
    play(node.current, enterSlide(shown.direction));
  }, [shown]);

  // Within one page (its search changing), its outlet stays the live one.
  const content = shown.path === location.pathname ? outlet : shown.outlet;
  return (
    <div className="flex-1 overflow-x-hidden px-4 py-8 lg:px-8" data-layout="slide">
      <div ref={node} data-slide-direction={shown.direction === 1 ? 'forward' : 'backward'}>
        {content}
      </div>
    </div>
  );
}
