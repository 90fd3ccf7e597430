import { describe, expect, it } from 'vitest';
import { caseStudies } from './case-studies';
import { caseStudySummaries } from './case-study-summaries';

describe('case studies', () => {
  it('are the summaries, in their order, with the headline as the first result', () => {
    expect(caseStudies.map((s) => s.id)).toEqual(caseStudySummaries.map((s) => s.id));
    caseStudySummaries.forEach(({ headline, ...summary }, i) => {
      expect(caseStudies[i]).toMatchObject(summary);
      expect(caseStudies[i]?.results[0]).toEqual(headline);
      expect(caseStudies[i]?.results).toHaveLength(3);
    });
  });
});
