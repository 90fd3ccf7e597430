import { expect, test } from '../support/fixtures';
import { seriousViolations } from '../support/axe';
import { stubExchangeRates } from './public-helpers';

const routes = [
  '/',
  '/pricing',
  '/documentation',
  '/tutorials',
  '/tutorials/getting-started',
  '/about',
  '/careers',
  '/case-studies',
  '/faq',
  '/privacy-policy',
  '/terms',
  '/contact',
  '/schedule-demo',
  '/contact-sales',
  '/custom-quote',
  '/workload-migration',
  '/newsletter',
  '/api-reference',
  '/test-service',
  '/currency-test',
  '/support',
  '/technical-support',
  '/billing-support',
  '/submit-ticket',
  '/track-ticket',
  '/cluster-types/blue',
  '/ai-cluster',
  '/additional-cluster',
];

// Sixty pages of a few seconds each, independent of one another: spread over both workers, or
// this file alone takes five minutes of the test command.
test.describe.configure({ mode: 'parallel' });

/**
 * The dark theme changes only colours, scanned by the colour rules alone (`seriousViolations`):
 * these pages hold every kind of component the public site has (home sections, tier cards,
 * documentation and article typography, the FAQ, forms, the API reference's cards, the support
 * hub, a cluster type), so the other pages' dark scans would repeat them.
 */
const darkRoutes = [
  '/',
  '/pricing',
  '/documentation',
  '/tutorials/getting-started',
  '/faq',
  '/contact',
  '/newsletter',
  '/api-reference',
  '/support',
  '/cluster-types/blue',
];

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`public pages, ${scheme}`, () => {
    test.use({ colorScheme: scheme });
    test.beforeEach(async ({ page }) => stubExchangeRates(page));

    for (const path of scheme === 'light' ? routes : darkRoutes) {
      test(`${path} has no serious accessibility violation`, async ({ page }) => {
        // Every route of the API on one page: axe alone takes several seconds there.
        if (path === '/api-reference') test.slow();
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        if (path === '/api-reference' && scheme === 'dark') {
          // The contrast of a hundred-odd cards of one component: one group's cards show every
          // colour the page uses, and all of them take half a minute of axe.
          await page.getByLabel('Filter operations').fill('clusters');
        }
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}
