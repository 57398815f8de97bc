import type { AuditRecord } from '@portal/resources';
import { describe, expect, it } from 'vitest';
import { activityCsv } from './activity-csv';

const base: AuditRecord = {
  id: '1',
  at: '2026-01-02T10:00:00.000Z',
  action: 'update',
  entity: 'board',
  entityId: 'b-1',
  actor: { id: '00000000-0000-4000-8000-00000000000a', name: 'Ada', email: 'ada@example.com' },
  serviceAccount: null,
  before: { name: 'A', released: false, passwordHash: 'p1' },
  after: { name: 'A', released: true, passwordHash: 'p2' },
};

describe('the Activity CSV (issue 22 #2)', () => {
  it('writes who, what and the diff of changed fields, never a secret value', () => {
    const csv = activityCsv([
      base,
      { ...base, id: '2', actor: null, serviceAccount: { clientId: 'ci-bot', name: null }, before: null },
    ]);
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('When,Actor,Action,Entity type,Entity id,Changes');
    expect(lines[1]).toContain('Ada <ada@example.com>');
    expect(lines[1]).toContain('released: false → true; passwordHash: (secret changed)');
    expect(lines[2]).toContain('ci-bot (service account ci-bot)');
    expect(lines[2]).toContain('name: — → A');
    expect(csv).not.toMatch(/p1|p2/);
  });
});
