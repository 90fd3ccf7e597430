import { randomUUID } from 'node:crypto';
import ipaddr from 'ipaddr.js';

/**
 * The DigitalOcean double's VPC part, after the OpenAPI definition
 * (specification/resources/vpcs): `GET /v2/vpcs` (`{vpcs, links, meta: {total}}`, paged by
 * `page` and `per_page`, `links.pages.next` a whole URL while there is a next page),
 * `POST /v2/vpcs` (`name` and `region` required, `description`, `ip_range`; answered 201
 * `{vpc}`), `GET /v2/vpcs/{id}` and `DELETE /v2/vpcs/{id}` (204; 404 for none; 403 for a
 * region's default VPC or one that still has members, as the definition says).
 *
 * What a create is refused for, 422 `unprocessable_entity` (the definition names only a
 * `default` error for it; 422 is what DigitalOcean answers a body it refuses elsewhere): a
 * missing name or region, a name outside letters, digits, dashes and periods (the definition's
 * pattern reads `[a-zA-Z1-9\-\.]`, leaving out 0, which its own description, "alphanumeric
 * characters", and DigitalOcean's default VPC names contradict: the double takes 0), a name the
 * account has already ("must be unique"), a description over 255 characters, a region not
 * offered, and a range that is not an RFC 1918 IPv4 CIDR between a /16 and a /24 or that overlaps
 * another network of the account, in any region ("Network ranges cannot overlap with other
 * networks in the same account"). The first VPC of a region that has none becomes its default
 * ("the default VPC for a region cannot be changed or deleted").
 *
 * The account starts with a default VPC in each region (an account that has had Droplets there),
 * unless `withoutDefaults`; a cluster created without `vpc_uuid` goes in its region's default,
 * made then if there is none.
 */

export interface DoubleVpc {
  id: string;
  urn: string;
  name: string;
  description: string;
  region: string;
  ip_range: string;
  default: boolean;
  created_at: string;
}

/** The default VPCs the double's account starts with, a /20 each, as DigitalOcean makes them. */
export const DOUBLE_DEFAULT_VPC_RANGES: Record<string, string> = {
  nyc3: '10.108.0.0/20',
  ams3: '10.133.0.0/20',
  fra1: '10.114.0.0/20',
  lon1: '10.106.0.0/20',
};

const PRIVATE_BLOCKS = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'];
const NAME = /^[a-zA-Z0-9\-.]+$/;

type Range = [ipaddr.IPv4, number];
function bounds(cidr: string): [number, number] {
  const [address, prefix] = ipaddr.IPv4.parseCIDR(cidr) as Range;
  const value = address.octets.reduce((sum, octet) => sum * 256 + octet, 0);
  const size = 2 ** (32 - prefix);
  const first = Math.floor(value / size) * size;
  return [first, first + size - 1];
}
const overlaps = (a: string, b: string) => {
  const [aFirst, aLast] = bounds(a);
  const [bFirst, bLast] = bounds(b);
  return aFirst <= bLast && bFirst <= aLast;
};

type Json = (status: number, payload?: unknown, headers?: Record<string, string>) => void;
type Refuse = (status: number, id: string, message: string) => void;

export function createVpcsDouble(options: {
  regions: () => string[];
  /** Whether a resource of the account (a cluster not gone) is in the VPC. */
  hasMembers: (vpcId: string) => boolean;
  withoutDefaults?: boolean;
}) {
  const vpcs = new Map<string, DoubleVpc>();
  const faults = { failCreateAfter: 0, holdMembers: 0 };
  /** The most a page holds, whatever `per_page` asks (DigitalOcean's is 200). */
  let maxPerPage = 200;

  function add(fields: Omit<DoubleVpc, 'id' | 'urn' | 'created_at' | 'default'>) {
    const id = randomUUID();
    const isDefault = ![...vpcs.values()].some(
      (vpc) => vpc.region === fields.region && vpc.default,
    );
    const vpc: DoubleVpc = {
      id,
      urn: `do:vpc:${id}`,
      ...fields,
      default: isDefault,
      created_at: new Date().toISOString(),
    };
    vpcs.set(id, vpc);
    return vpc;
  }
  if (!options.withoutDefaults) {
    for (const [region, range] of Object.entries(DOUBLE_DEFAULT_VPC_RANGES)) {
      add({ name: `default-${region}`, description: '', region, ip_range: range });
    }
  }

  /** A range free in the account: the first /20 from 10.100.0.0 that overlaps nothing. */
  function freeRange(): string {
    for (let second = 100; second < 256; second += 1) {
      for (let third = 0; third < 256; third += 16) {
        const candidate = `10.${second}.${third}.0/20`;
        if (![...vpcs.values()].some((vpc) => overlaps(vpc.ip_range, candidate))) return candidate;
      }
    }
    throw new Error('The double has no free range left');
  }

  function rangeProblem(range: unknown): string | null {
    if (typeof range !== 'string' || !ipaddr.IPv4.isValidCIDR(range)) {
      return 'ip_range must be an IPv4 range in CIDR notation';
    }
    const [, prefix] = ipaddr.IPv4.parseCIDR(range) as Range;
    if (prefix < 16 || prefix > 24) {
      return 'ip_range may not be smaller than /24 nor larger than /16';
    }
    const [first, last] = bounds(range);
    const isPrivate = PRIVATE_BLOCKS.some((block) => {
      const [blockFirst, blockLast] = bounds(block);
      return blockFirst <= first && last <= blockLast;
    });
    if (!isPrivate) return 'ip_range must be in a private range (RFC 1918)';
    const clash = [...vpcs.values()].find((vpc) => overlaps(vpc.ip_range, range));
    if (clash) {
      return `ip_range ${range} overlaps the range ${clash.ip_range} of VPC ${clash.name} in the account`;
    }
    return null;
  }

  function createProblem(body: Record<string, unknown> | null): string | null {
    if (!body || typeof body.name !== 'string' || !body.name) return 'name is required';
    if (typeof body.region !== 'string' || !body.region) return 'region is required';
    if (!NAME.test(body.name)) {
      return 'name may only contain alphanumeric characters, dashes, and periods';
    }
    if ([...vpcs.values()].some((vpc) => vpc.name === body.name)) {
      return `a VPC named ${body.name} already exists in the account`;
    }
    if (
      body.description !== undefined &&
      (typeof body.description !== 'string' || body.description.length > 255)
    ) {
      return 'description may be a maximum of 255 characters';
    }
    if (!options.regions().includes(body.region)) return 'region is not valid';
    return body.ip_range === undefined ? null : rangeProblem(body.ip_range);
  }

  const notFound = (refuse: Refuse) =>
    refuse(404, 'not_found', 'The resource you were accessing could not be found.');

  return {
    vpcs,
    /** The next `times` creates are carried out, then answered 500 (the platform never hears). */
    failCreateAfterAccepting(times = 1) {
      faults.failCreateAfter = times;
    },
    /** Pages of `GET /v2/vpcs` hold at most `size` VPCs from now on (the driver must page). */
    pageSize(size: number) {
      maxPerPage = size;
    },
    /** The next `times` deletes are refused as if the VPC still held members (Droplets going). */
    holdMembers(times = 1) {
      faults.holdMembers = times;
    },
    /**
     * The VPC a cluster create goes in: the one asked for (refused if unknown or of another
     * region), or its region's default, made now if the account has none there.
     */
    forCluster(region: string, vpcUuid: unknown): { id: string } | { problem: string } {
      if (vpcUuid === undefined) {
        const found = [...vpcs.values()].find((vpc) => vpc.region === region && vpc.default);
        return (
          found ??
          add({ name: `default-${region}`, description: '', region, ip_range: freeRange() })
        );
      }
      const vpc = typeof vpcUuid === 'string' ? vpcs.get(vpcUuid) : undefined;
      if (!vpc) return { problem: `vpc_uuid ${String(vpcUuid)} is not a VPC of the account` };
      if (vpc.region !== region) {
        return {
          problem: `VPC ${vpc.name} is in ${vpc.region}, not in the cluster's region ${region}`,
        };
      }
      return vpc;
    },
    /** Answers `/v2/vpcs…`; false for any other path. */
    handle(
      request: { url: URL; method: string; body: Record<string, unknown> | null },
      json: Json,
      refuse: Refuse,
    ): boolean {
      const parts = request.url.pathname.split('/').filter(Boolean);
      if (parts[0] !== 'v2' || parts[1] !== 'vpcs') return false;
      const { method, body, url } = request;
      if (parts.length === 2 && method === 'GET') {
        const perPage = Math.min(maxPerPage, Number(url.searchParams.get('per_page') ?? 20));
        const page = Number(url.searchParams.get('page') ?? 1);
        const all = [...vpcs.values()];
        const pages = Math.max(1, Math.ceil(all.length / perPage));
        const link = (to: number) =>
          `https://api.digitalocean.com/v2/vpcs?page=${to}&per_page=${perPage}`;
        json(200, {
          vpcs: all.slice((page - 1) * perPage, page * perPage),
          links: {
            pages: {
              ...(page > 1 ? { first: link(1), prev: link(page - 1) } : {}),
              ...(page < pages ? { next: link(page + 1), last: link(pages) } : {}),
            },
          },
          meta: { total: all.length },
        });
        return true;
      }
      if (parts.length === 2 && method === 'POST') {
        const problem = createProblem(body);
        if (problem) {
          refuse(422, 'unprocessable_entity', problem);
          return true;
        }
        const vpc = add({
          name: body!.name as string,
          description: (body!.description as string | undefined) ?? '',
          region: body!.region as string,
          ip_range: (body!.ip_range as string | undefined) ?? freeRange(),
        });
        if (faults.failCreateAfter > 0) {
          faults.failCreateAfter -= 1;
          refuse(500, 'server_error', 'Unexpected server-side error');
          return true;
        }
        json(201, { vpc });
        return true;
      }
      const vpc = parts.length === 3 ? vpcs.get(parts[2]!) : undefined;
      if (!vpc || parts.length !== 3) {
        notFound(refuse);
        return true;
      }
      if (method === 'GET') {
        json(200, { vpc });
        return true;
      }
      if (method === 'DELETE') {
        if (vpc.default) {
          refuse(403, 'forbidden', 'The default VPC of a region cannot be deleted.');
        } else if (faults.holdMembers > 0 || options.hasMembers(vpc.id)) {
          faults.holdMembers = Math.max(0, faults.holdMembers - 1);
          refuse(403, 'forbidden', 'Can not delete VPC with members.');
        } else {
          vpcs.delete(vpc.id);
          json(204);
        }
        return true;
      }
      notFound(refuse);
      return true;
    },
  };
}
export type VpcsDouble = ReturnType<typeof createVpcsDouble>;
