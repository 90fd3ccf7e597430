import { describe, expect, it } from 'vitest';
import { actionsMatching, auditActionPrefixes, auditActions } from './officers.ts';

describe('audit actions', () => {
  it('expands a group to the known actions under it, and keeps an exact action', () => {
    expect(actionsMatching('auth.')).toEqual(['auth.sign_in', 'auth.sign_out']);
    expect(actionsMatching('gdpr.')).toEqual(['gdpr.export', 'gdpr.erasure']);
    expect(actionsMatching('cluster.kubeconfig')).toEqual(['cluster.kubeconfig']);
    expect(actionsMatching('nothing.')).toEqual([]);
  });

  it('lists each action once, and a group for each', () => {
    expect(new Set(auditActions).size).toBe(auditActions.length);
    for (const action of auditActions) {
      expect(auditActionPrefixes).toContain(`${action.split('.')[0]}.`);
    }
  });
});
