import { useEffect, useRef, useState } from 'react';

/**
 * Whether an element has come near the viewport (once true, it stays): the metrics card fetches
 * its series and loads the chart code only then, so the cluster page's first load carries
 * neither. Where there is no IntersectionObserver (tests in jsdom) it is in view at once.
 */
export function useInView<T extends Element>(margin = '0px') {
  const ref = useRef<T>(null);
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (inView || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setInView(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView, margin]);
  return [ref, inView] as const;
}

const PRESENCE_EVENTS = ['pointermove', 'pointerdown', 'scroll', 'wheel', 'keydown', 'touchstart'];

/**
 * Whether the person has moved, scrolled, touched or typed on the page since it loaded (once
 * true, it stays). The chart library (about 30 KB) waits for it, so the cluster page's first
 * load stays within its 250 KB budget even when the metrics card is in the first screen; the
 * figures' table shows meanwhile. Without a window it is true.
 */
export function usePresence() {
  const [present, setPresent] = useState(() => typeof window === 'undefined');
  useEffect(() => {
    if (present) return;
    const seen = () => setPresent(true);
    for (const name of PRESENCE_EVENTS) {
      window.addEventListener(name, seen, { once: true, passive: true });
    }
    return () => {
      for (const name of PRESENCE_EVENTS) window.removeEventListener(name, seen);
    };
  }, [present]);
  return present;
}
