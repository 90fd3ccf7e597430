import type { Services } from '../../services.ts';

export function createMeteringService(
  _deps: Pick<Services, 'db' | 'jobs' | 'catalog' | 'providers' | 'config'>,
) {
  return {};
}

export type MeteringService = ReturnType<typeof createMeteringService>;
