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
