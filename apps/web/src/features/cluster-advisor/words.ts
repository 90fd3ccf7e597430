import type { NodeSize } from '@alpenkube/contract';

/** Figures and names as the advisor's sentences read them. */

const count = (value: number) => value.toLocaleString('en-US');

export const vcpuText = (vcpu: number) => `${count(vcpu)} vCPU`;
export const gibText = (gib: number) => `${count(gib)} GiB`;

/** "2 vCPU and 4 GiB", with its GPU when it has one: what one node of a size brings. */
export function sizeText(size: NodeSize): string {
  const base = `${vcpuText(size.vcpu)} and ${gibText(size.memoryGb)}`;
  return size.gpu ? `${base} with ${size.gpu.count} × ${size.gpu.model}` : base;
}

let regionNames: Intl.DisplayNames | null | undefined;

/** Country names read with "the": "in the United States", "in the Netherlands". */
const WITH_THE = /^(United |Netherlands|Czechia|Philippines)/;

/** "in Germany", "in the United States": where a region is, as a sentence says it. */
export function inCountry(code: string): string {
  const name = countryName(code);
  return WITH_THE.test(name) ? `in the ${name}` : `in ${name}`;
}

/** "Germany" for DE; the code itself where the browser has no name for it. */
export function countryName(code: string): string {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(code) ?? code;
  } catch {
    return code;
  }
}
