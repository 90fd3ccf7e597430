import { describe, expect, it } from 'vitest';
import {
  SLIDE_ENTER_S,
  SLIDE_EXIT_S,
  SLIDE_OFFSET_PX,
  slideDirection,
  slideVariants,
} from './slide-direction';

describe('slide transition', () => {
  it('goes forward from configure to provisioning, backward in reverse', () => {
    expect(slideDirection('/configure-cluster', '/cluster-provisioning')).toBe(1);
    expect(slideDirection('/clusters/configure', '/clusters/provisioning')).toBe(1);
    expect(slideDirection('/cluster-provisioning', '/configure-cluster')).toBe(-1);
    expect(slideDirection('/clusters/provisioning', '/clusters/configure')).toBe(-1);
    expect(slideDirection(null, '/configure-cluster')).toBe(1);
  });
  it('moves 20 px, enters in 0.4 s and leaves in 0.3 s', () => {
    expect([SLIDE_OFFSET_PX, SLIDE_ENTER_S, SLIDE_EXIT_S]).toEqual([20, 0.4, 0.3]);
    const enter = slideVariants.enter as (d: number) => { x: number };
    const exit = slideVariants.exit as (d: number) => {
      x: number;
      transition: { duration: number };
    };
    expect(enter(1).x).toBe(20);
    expect(enter(-1).x).toBe(-20);
    expect(exit(1).x).toBe(-20);
    expect(exit(1).transition.duration).toBe(0.3);
    expect((slideVariants.center as { transition: { duration: number } }).transition.duration).toBe(
      0.4,
    );
  });
});
