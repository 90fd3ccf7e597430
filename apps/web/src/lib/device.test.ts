import { describe, expect, it } from 'vitest';
import { desktopOnly, detectDevice, mobileOnly, onlyOn, UNKNOWN_DEVICE } from './device';

const desktop = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
  hasTouch: false,
  width: 1440,
  height: 900,
  pixelRatio: 1,
};

describe('device detection', () => {
  it('a wide, mouse-driven desktop is desktop', () => {
    expect(detectDevice(desktop).isMobile).toBe(false);
  });
  it('1024 px or less is mobile; 1025 is not', () => {
    expect(detectDevice({ ...desktop, width: 1024 }).isMobile).toBe(true);
    expect(detectDevice({ ...desktop, width: 1025 }).isMobile).toBe(false);
  });
  it('a mobile user agent is mobile at any width', () => {
    expect(detectDevice({ ...desktop, userAgent: 'Mozilla/5.0 (iPhone) Mobile' }).isMobile).toBe(
      true,
    );
  });
  it('touch support is mobile', () => {
    expect(detectDevice({ ...desktop, hasTouch: true }).isMobile).toBe(true);
  });
  it('a high pixel ratio on a portrait screen is mobile', () => {
    expect(detectDevice({ ...desktop, width: 1100, height: 1400, pixelRatio: 2 }).isMobile).toBe(
      true,
    );
    expect(detectDevice({ ...desktop, width: 1400, height: 1100, pixelRatio: 2 }).isMobile).toBe(
      false,
    );
  });
});

describe('a part meant for one kind of device', () => {
  it('is shown by CSS at that kind of width while the device is unknown (prerender, hydration)', () => {
    expect(onlyOn('mobile', UNKNOWN_DEVICE)).toBe(mobileOnly);
    expect(onlyOn('desktop', UNKNOWN_DEVICE)).toBe(desktopOnly);
    // The same breakpoint as the width rule: 1024 px is mobile, 1025 px is not.
    expect(mobileOnly).toBe('min-[1025px]:hidden');
    expect(desktopOnly).toBe('max-[1024px]:hidden');
  });
  it('is shown plainly on its kind and not at all on the other once the device is known', () => {
    const phone = { ...detectDevice({ ...desktop, width: 390 }), known: true };
    const wide = { ...detectDevice(desktop), known: true };
    expect(onlyOn('mobile', phone)).toBe('');
    expect(onlyOn('desktop', phone)).toBeNull();
    expect(onlyOn('desktop', wide)).toBe('');
    expect(onlyOn('mobile', wide)).toBeNull();
  });
});
