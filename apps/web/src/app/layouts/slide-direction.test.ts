import { describe, expect, it } from 'vitest';
import {
  SLIDE_ENTER_S,
  SLIDE_EXIT_S,
  SLIDE_OFFSET_PX,
  enterSlide,
  exitSlide,
  slideDirection,
} from './slide-direction';

describe('slide transition', () => {
  it('goes forward from configure to provisioning, backward in reverse', () => {
    expect(slideDirection('/configure-cluster', '/cluster-provisioning')).toBe(1);
    expect(slideDirection('/clusters/configure', '/clusters/provisioning')).toBe(1);
    expect(slideDirection('/cluster-provisioning', '/configure-cluster')).toBe(-1);
    expect(slideDirection('/clusters/provisioning', '/clusters/configure')).toBe(-1);
    expect(slideDirection(null, '/configure-cluster')).toBe(1);
  });

  it('moves 20 px, enters in 0.4 s from the direction of travel and leaves the other way in 0.3 s', () => {
    expect([SLIDE_OFFSET_PX, SLIDE_ENTER_S, SLIDE_EXIT_S]).toEqual([20, 0.4, 0.3]);
    expect(enterSlide(1).keyframes[0]).toEqual({ transform: 'translateX(20px)', opacity: 0 });
    expect(enterSlide(-1).keyframes[0]).toEqual({ transform: 'translateX(-20px)', opacity: 0 });
    expect(enterSlide(1).options.duration).toBe(400);
    expect(exitSlide(1).keyframes[1]).toEqual({ transform: 'translateX(-20px)', opacity: 0 });
    expect(exitSlide(-1).keyframes[1]).toEqual({ transform: 'translateX(20px)', opacity: 0 });
    expect(exitSlide(1).options.duration).toBe(300);
  });
});
