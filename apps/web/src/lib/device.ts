import { useEffect, useState } from 'react';

/** A screen 1024 px wide or less gets the mobile layout. */
export const MOBILE_BREAKPOINT_PX = 1024;

const MOBILE_USER_AGENT =
  /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile|Silk|Kindle/i;

export type DeviceSignals = {
  userAgent: string;
  hasTouch: boolean;
  width: number;
  height: number;
  pixelRatio: number;
};

export type DeviceInfo = { isMobile: boolean; isTouch: boolean; isNarrow: boolean };

/**
 * Mobile when any signal says so: a mobile user agent, touch support, a width of
 * 1024 px or less, or a high pixel ratio (≥ 2) on a portrait screen (a phone or tablet whose
 * CSS width exceeds the breakpoint, e.g. a large tablet).
 */
export function detectDevice(signals: DeviceSignals): DeviceInfo {
  const isNarrow = signals.width <= MOBILE_BREAKPOINT_PX;
  const portraitHighDensity = signals.pixelRatio >= 2 && signals.height > signals.width;
  const isMobile =
    MOBILE_USER_AGENT.test(signals.userAgent) ||
    signals.hasTouch ||
    isNarrow ||
    portraitHighDensity;
  return { isMobile, isTouch: signals.hasTouch, isNarrow };
}

export function readDeviceSignals(): DeviceSignals {
  return {
    userAgent: navigator.userAgent,
    hasTouch: 'ontouchstart' in window || navigator.maxTouchPoints > 0,
    width: window.innerWidth,
    height: window.innerHeight,
    pixelRatio: window.devicePixelRatio || 1,
  };
}

/** The device class, re-evaluated on resize and on orientation change. */
export function useDevice(): DeviceInfo {
  const [device, setDevice] = useState(() => detectDevice(readDeviceSignals()));
  useEffect(() => {
    const update = () => {
      const next = detectDevice(readDeviceSignals());
      setDevice((current) =>
        current.isMobile === next.isMobile &&
        current.isTouch === next.isTouch &&
        current.isNarrow === next.isNarrow
          ? current
          : next,
      );
    };
    window.addEventListener('resize', update);
    window.addEventListener('orientationchange', update);
    screen.orientation?.addEventListener?.('change', update);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('orientationchange', update);
      screen.orientation?.removeEventListener?.('change', update);
    };
  }, []);
  return device;
}
