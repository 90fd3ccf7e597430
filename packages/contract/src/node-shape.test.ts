import { describe, expect, it } from 'vitest';
import {
  clusterTagsSchema,
  formatTaint,
  labelKeyIssue,
  labelValueIssue,
  nodeLabelsSchema,
  nodeTaintsSchema,
  parseTaint,
} from './node-shape.ts';

describe('label keys and values, as the Kubernetes API server checks them', () => {
  it('takes a name, or a DNS-subdomain prefix and a name', () => {
    for (const key of ['team', 'a', 'app.kubernetes-io_x.y', 'example.com/team', 'a.b-c.d/E_f.G']) {
      expect(labelKeyIssue(key), key).toBeNull();
    }
    expect(labelKeyIssue(`${'a'.repeat(253)}/x`)).toBeNull();
    expect(labelKeyIssue(`x/${'a'.repeat(63)}`)).toBeNull();
  });

  it('refuses each malformed key, naming it', () => {
    const refused: [string, RegExp][] = [
      ['', /\(empty\) needs a name/],
      ['example.com/', /example\.com\/ needs a name/],
      ['/team', /prefix before \/ must be a DNS subdomain/],
      ['Example.com/team', /prefix before \//],
      [`${'a'.repeat(254)}/x`, /prefix before \//],
      ['a/b/c', /more than one \//],
      [`${'a'.repeat(64)}`, /longer than 63/],
      ['-team', /starting and ending with a letter or digit/],
      ['team.', /starting and ending/],
      ['te am', /takes letters, digits/],
    ];
    for (const [key, message] of refused) expect(labelKeyIssue(key), key).toMatch(message);
  });

  it('refuses the reserved prefixes and their subdomains', () => {
    expect(labelKeyIssue('kubernetes.io/os')).toBe(
      'Label key kubernetes.io/os uses the reserved prefix kubernetes.io/',
    );
    expect(labelKeyIssue('node-role.kubernetes.io/worker')).toMatch(
      /reserved prefix kubernetes\.io\//,
    );
    expect(labelKeyIssue('k8s.io/x', 'Taint')).toBe(
      'Taint key k8s.io/x uses the reserved prefix k8s.io/',
    );
    expect(labelKeyIssue('notkubernetes.io/x')).toBeNull();
    // The platform's own labels of every node.
    expect(labelKeyIssue('alpenkube.io/node-pool')).toMatch(/reserved prefix alpenkube\.io\//);
  });

  it('takes an empty value or a name of 63 at most', () => {
    expect(labelValueIssue('k', '')).toBeNull();
    expect(labelValueIssue('k', 'v'.repeat(63))).toBeNull();
    expect(labelValueIssue('k', 'v'.repeat(64))).toMatch(/longer than 63/);
    expect(labelValueIssue('k', 'a b')).toMatch(/Label k: the value takes/);
  });

  it('checks a whole set of labels', () => {
    expect(nodeLabelsSchema.safeParse({ team: 'web', 'example.com/x': '' }).success).toBe(true);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
    expect(nodeLabelsSchema.safeParse(many).error?.issues[0]?.message).toBe('At most 50 labels');
  });
});

describe('taints', () => {
  it('reads and writes key=value:Effect as kubectl does', () => {
    expect(parseTaint('dedicated=batch:NoSchedule')).toEqual({
      key: 'dedicated',
      value: 'batch',
      effect: 'NoSchedule',
    });
    expect(parseTaint(' spot:PreferNoSchedule ')).toEqual({
      key: 'spot',
      value: '',
      effect: 'PreferNoSchedule',
    });
    expect(parseTaint('a=b:Never')).toBeNull();
    expect(parseTaint('a=b')).toBeNull();
    expect(formatTaint({ key: 'a', value: 'b', effect: 'NoExecute' })).toBe('a=b:NoExecute');
    expect(formatTaint({ key: 'a', value: '', effect: 'NoExecute' })).toBe('a:NoExecute');
  });

  it('refuses a key and effect given twice, and a bad effect', () => {
    const twice = nodeTaintsSchema.safeParse([
      { key: 'a', effect: 'NoSchedule' },
      { key: 'a', value: 'x', effect: 'NoSchedule' },
      { key: 'a', effect: 'NoExecute' },
    ]);
    expect(twice.error?.issues.map((issue) => issue.message)).toEqual([
      'Taint a with effect NoSchedule is given twice',
    ]);
    expect(nodeTaintsSchema.safeParse([{ key: 'a', effect: 'Never' }]).success).toBe(false);
  });
});

describe('cluster tags', () => {
  it('lowercases, removes duplicates and sorts', () => {
    expect(clusterTagsSchema.parse(['Team:Web', 'env-prod', ' team:web '])).toEqual([
      'env-prod',
      'team:web',
    ]);
  });

  it('refuses what DigitalOcean would not take, and more than 20', () => {
    expect(clusterTagsSchema.safeParse(['a b']).error?.issues[0]?.message).toMatch(/Tag a b/);
    expect(clusterTagsSchema.safeParse(['_x']).success).toBe(false);
    expect(clusterTagsSchema.safeParse(['x'.repeat(33)]).success).toBe(false);
    expect(clusterTagsSchema.safeParse(['x'.repeat(32)]).success).toBe(true);
    const many = Array.from({ length: 21 }, (_, i) => `t${i}`);
    expect(clusterTagsSchema.safeParse(many).error?.issues[0]?.message).toBe('At most 20 tags');
  });
});
