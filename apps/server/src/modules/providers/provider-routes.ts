import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  catalogIssues,
  providerHealthSchema,
  providerValidateSchema,
  providerValidationSchema,
} from '@alpenkube/contract';
import { routePlugin } from '../../http/route.ts';
import { notFound } from '../../lib/http-error.ts';

const slugParams = z.strictObject({ slug: z.string().max(64) });

function describeEstimate(seconds: number, steps: number) {
  const minutes = Math.max(1, Math.round(seconds / 60));
  return `about ${minutes} minute${minutes === 1 ? '' : 's'} at the provider's pace, ${steps} steps`;
}

/** The provider test pages' calls: a driver's health and a dry run of a configuration. */
export const providerRoutes = routePlugin({ tag: 'providers' }, async (app, route) => {
  const { providers, catalog } = app.services;

  async function providerOf(slug: string) {
    const { value } = await catalog.catalog();
    const provider = value.providers.find((candidate) => candidate.slug === slug);
    if (!provider) throw notFound(`There is no provider ${slug}`);
    return { provider, catalog: value, driver: providers.driver(slug) };
  }

  route(
    endpoints.providers.health,
    {
      access: 'member',
      summary: "The provider driver's health, its regions and whether each has capacity",
      params: slugParams,
      answer: { 200: providerHealthSchema },
      refuses: [404],
    },
    async (request) => {
      const { provider, driver } = await providerOf(request.params.slug);
      const health = await driver.health();
      return {
        provider: provider.slug,
        name: `${provider.name} (${provider.service})`,
        simulated: driver.simulated,
        status: health.status,
        latencyMs: health.latencyMs,
        message: health.message,
        controlPlaneTime: driver.controlPlaneTime,
        regions: provider.regions.map((region) => ({
          code: region.code,
          city: region.city,
          country: region.country,
          jurisdiction: region.jurisdiction,
          available:
            !health.unavailableRegions.includes(region.code) &&
            (!health.offeredRegions || health.offeredRegions.includes(region.code)),
        })),
        checkedAt: new Date().toISOString(),
      };
    },
  );

  route(
    endpoints.providers.validate,
    {
      access: 'member',
      summary:
        'A dry run: what the catalog and the driver say of a configuration, creating nothing',
      params: slugParams,
      body: providerValidateSchema,
      answer: { 200: providerValidationSchema },
      refuses: [404],
    },
    async (request) => {
      const { provider, catalog: current, driver } = await providerOf(request.params.slug);
      const config = request.body;
      const issues = [
        ...catalogIssues(
          {
            ...config,
            provider: provider.slug,
            addons: config.addons ?? [],
            supportPlan: current.supportPlans[0]!.slug,
            billingCycle: 'monthly',
          },
          current,
        ),
        ...driver.validate(config, current),
      ];
      const steps = 4 + config.nodePools.reduce((sum, pool) => sum + pool.count, 0);
      return {
        valid: issues.length === 0,
        issues,
        estimate: issues.length
          ? null
          : describeEstimate(driver.estimateCreateSeconds(config), steps),
      };
    },
  );
});
