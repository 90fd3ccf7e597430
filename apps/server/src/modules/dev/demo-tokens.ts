import { eq } from 'drizzle-orm';
import { API_TOKEN_DISPLAY_LENGTH, API_TOKEN_PREFIX } from '@alpenkube/contract';
import { apiTokens } from '../api-tokens/schema.ts';
import { users } from '../users/schema.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { DemoServices } from './demo-services.ts';

const DAY = 86_400_000;

/**
 * The demo user's API tokens: one in use (a Terraform pipeline's), one revoked, so Settings and
 * the admin's list show both states. The tokens themselves are random and thrown away: only
 * their hashes are stored, and nothing is printed; whoever wants a working one creates it.
 */
export async function seedDemoTokens(services: DemoServices) {
  const { db } = services;
  const [demo] = await db.select().from(users).where(eq(users.username, 'demo'));
  const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
  if (!demo) return;
  const now = Date.now();
  const row = (name: string, scopes: string[], createdDaysAgo: number) => {
    const token = `${API_TOKEN_PREFIX}${randomToken(32)}`;
    return {
      userId: demo.id,
      organizationId: demo.organizationId,
      name,
      prefix: token.slice(0, API_TOKEN_DISPLAY_LENGTH),
      tokenHash: sha256(token),
      scopes,
      createdAt: new Date(now - createdDaysAgo * DAY),
    };
  };
  // Oldest first, as they were made: lists show the newest first by id.
  await db.insert(apiTokens).values([
    {
      ...row('old laptop script', ['clusters:read'], 60),
      expiresAt: new Date(now + 30 * DAY),
      lastUsedAt: new Date(now - 40 * DAY),
      lastUsedIp: '203.0.113.10',
      revokedAt: new Date(now - 35 * DAY),
      revokedBy: admin?.id ?? demo.id,
    },
    {
      ...row('terraform', ['clusters:write', 'orders:read'], 12),
      expiresAt: new Date(now + 90 * DAY),
      lastUsedAt: new Date(now - DAY),
      lastUsedIp: '198.51.100.24',
    },
  ]);
}
