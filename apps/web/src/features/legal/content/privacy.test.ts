import { describe, expect, it } from 'vitest';
import { privacyPolicy } from './privacy';

const text = [
  privacyPolicy.intro,
  ...privacyPolicy.sections.flatMap((section) => [...section.paragraphs, ...(section.list ?? [])]),
].join('\n');

describe('the privacy policy', () => {
  it('promises no deletion schedule, agreement or address record the platform does not have', () => {
    // No job deletes data on a schedule, no agreement is part of the terms, no IP is kept for
    // the newsletter (docs/catalog-claims.md, "Tutorials and privacy policy").
    expect(text).not.toMatch(/then 30 days|3 years after|6 months after|7 days/);
    expect(text).not.toMatch(/data processing agreement/i);
    expect(text).not.toMatch(/IP of your double opt-in/);
    expect(text).toMatch(/does not yet delete data on a schedule/);
  });
});
