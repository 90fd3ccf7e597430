import { describe, expect, it } from 'vitest';

// Every article body, read the way the app reads them (Vite's glob), eagerly for the test.
const files = import.meta.glob<string>('./content/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * Promises about the platform that nothing backs (docs/catalog-claims.md, "Tutorials and privacy
 * policy"): a tutorial that says one again must be checked against the code first.
 */
const withdrawn: RegExp[] = [
  /cluster autoscaler/i,
  /Alpenkube then:/,
  /runs `metrics-server`/,
  /installs, configures and upgrades/,
  /Alpenkube reconciles/,
  /preconfigured `letsencrypt`/,
  /Connect existing backups/,
  /bucket in the cluster's region/,
  /default schedule of one backup a day/,
  /applied to the control plane automatically/,
  /drained forcefully/,
  /Add-ons are upgraded/,
  /port 6443/,
  /data processing agreement \(article 28/i,
  /HDS is available on/,
  /Alpenkube adheres to the CISPE/,
  /per-cluster key/,
  /business hours/,
  /billing currency/,
  /Platform-wide incidents are announced/,
];

describe('tutorial content', () => {
  it('makes none of the withdrawn promises about the platform', () => {
    const found: string[] = [];
    for (const [path, body] of Object.entries(files)) {
      for (const words of withdrawn) if (words.test(body)) found.push(`${path}: ${words}`);
    }
    expect(found).toEqual([]);
  });

  it('describes the maintenance window the platform has: surge upgrades and the notices', () => {
    const body = files['./content/upgrades.md']!;
    expect(body).toMatch(/maintenance window/);
    expect(body).toMatch(/30, 7 and 1 days before/);
    expect(body).toMatch(/one old node is drained/);
  });

  it('says, before the first command that changes a cluster, that clusters are simulated', () => {
    const body = files['./content/getting-started.md']!;
    const notice = body.indexOf('clusters run on simulated providers');
    expect(notice).toBeGreaterThan(-1);
    expect(notice).toBeLessThan(body.indexOf('kubectl apply'));
  });
});
