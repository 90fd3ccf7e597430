import { useSyncExternalStore } from 'react';

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

/**
 * Before hydration (and in the prerender) the device is unknown: the prerendered page lays out
 * phone and desktop by the same width rule in CSS (`mobileOnly`/`desktopOnly`), and the first
 * browser render must match it. Right after hydration the signals decide.
 */
export const UNKNOWN_DEVICE: DeviceInfo & { known: false } = {
  isMobile: false,
  isTouch: false,
  isNarrow: false,
  known: false,
};

/** CSS for the unknown device: the same breakpoint as `detectDevice`'s width rule. */
export const mobileOnly = 'min-[1025px]:hidden';
export const desktopOnly = 'max-[1024px]:hidden';

/**
 * How to show a part meant for one kind of device: a class that shows it only at that kind's
 * widths while the device is unknown, '' once known to be that kind, null when it is not.
 */
export function onlyOn(kind: 'mobile' | 'desktop', device: DeviceInfo & { known: boolean }) {
  if (!device.known) return kind === 'mobile' ? mobileOnly : desktopOnly;
  return device.isMobile === (kind === 'mobile') ? '' : null;
}

let current: (DeviceInfo & { known: true }) | null = null;

function readDevice() {
  const next = detectDevice(readDeviceSignals());
  if (
    !current ||
    current.isMobile !== next.isMobile ||
    current.isTouch !== next.isTouch ||
    current.isNarrow !== next.isNarrow
  ) {
    current = { ...next, known: true };
  }
  return current;
}

function subscribeDevice(update: () => void) {
  window.addEventListener('resize', update);
  window.addEventListener('orientationchange', update);
  screen.orientation?.addEventListener?.('change', update);
  return () => {
    window.removeEventListener('resize', update);
    window.removeEventListener('orientationchange', update);
    screen.orientation?.removeEventListener?.('change', update);
  };
}

/** The device class, re-evaluated on resize and on orientation change. */
export function useDevice(): DeviceInfo & { known: boolean } {
  return useSyncExternalStore<DeviceInfo & { known: boolean }>(
    subscribeDevice,
    readDevice,
    () => UNKNOWN_DEVICE,
  );
}
