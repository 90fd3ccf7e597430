import { useEffect, useRef } from 'react';

/**
 * Runs `action` once per distinct key. One-time tokens (verify, magic link) must be sent exactly
 * once: React's strict mode mounts effects twice, and a second call would find the token spent.
 */
export function useRunOnce(key: string | null, action: (key: string) => void): void {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!key || done.current === key) return;
    done.current = key;
    action(key);
  }, [key, action]);
}
