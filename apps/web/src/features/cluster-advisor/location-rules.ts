import type { Catalog, Provider, Region } from '@alpenkube/contract/catalog';
import { countryName, inCountry } from './words';
import type { WorkloadAnswers } from './workload';

/**
 * Where a suggested cluster runs: a region where the data may live, on the platform's own
 * sovereign cloud when it has one there, and the lowest-priced such region (the price factor of
 * the catalog). Only another provider's region when the sovereign cloud has none that fits.
 */
export interface Location {
  provider: Provider;
  region: Region;
  reasons: string[];
}

/** The countries the catalog has regions in, by name, for the "specific country" question. */
export function catalogCountries(catalog: Catalog): { code: string; name: string }[] {
  const codes = new Set(catalog.providers.flatMap((p) => p.regions.map((r) => r.country)));
  return [...codes]
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

interface Place {
  provider: Provider;
  region: Region;
}

/** The lowest price factor; of equal ones, the first in the catalog's order. */
function cheapest(places: Place[]): Place | undefined {
  return places.reduce<Place | undefined>(
    (best, place) =>
      !best || place.region.priceFactorBasisPoints < best.region.priceFactorBasisPoints
        ? place
        : best,
    undefined,
  );
}

const placesOf = (provider: Provider): Place[] =>
  provider.regions.map((region) => ({ provider, region }));

const named = ({ region }: Place) => `${region.city} (${region.code})`;

export function chooseLocation(answers: WorkloadAnswers, catalog: Catalog): Location | undefined {
  const fits = ({ region }: Place) =>
    answers.dataLocation === 'eu'
      ? region.jurisdiction === 'eu'
      : answers.dataLocation === 'country'
        ? region.country === answers.country
        : true;
  const where =
    answers.dataLocation === 'eu'
      ? 'in the EU'
      : answers.dataLocation === 'country'
        ? inCountry(answers.country)
        : '';
  const sovereign = catalog.providers.find((p) => p.isDefault) ?? catalog.providers[0];
  if (!sovereign) return undefined;

  const home = cheapest(placesOf(sovereign).filter(fits));
  const elsewhere = cheapest(catalog.providers.flatMap(placesOf).filter(fits));
  const place = home ?? elsewhere ?? cheapest(placesOf(sovereign));
  if (!place) return undefined;

  const own = `${sovereign.name}, the platform's own sovereign cloud`;
  let reason: string;
  if (!home && !elsewhere) {
    reason = `No provider has a region ${where}, so ${named(place)} stands in: choose another place for the data to keep it there.`;
  } else if (!home) {
    const must = where ? `Your data must stay ${where}, where` : 'Where';
    reason = `${must} ${sovereign.name} has no region: ${place.provider.name}'s ${named(place)} is the lowest-priced one there.`;
  } else if (answers.dataLocation === 'eu') {
    reason = `Your data must stay in the EU: ${own}, has ${named(place)}, its lowest-priced region under EU jurisdiction.`;
  } else if (answers.dataLocation === 'country') {
    reason = `Your data must stay ${where}: ${own}, has ${named(place)} there.`;
  } else {
    reason = `${own} is preferred: ${named(place)} is its lowest-priced region.`;
  }
  const reasons = [reason];
  return { ...place, reasons };
}
