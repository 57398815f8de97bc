import type { AuditRecord } from '@portal/resources';
import { describe, expect, it } from 'vitest';
import { activityCsv, actorText } from './activity-csv';

const base: AuditRecord = {
  id: '1',
  at: '2026-01-02T10:00:00.000Z',
  action: 'update',
  entity: 'board',
  entityId: 'b-1',
  actor: { id: '00000000-0000-4000-8000-00000000000a', name: 'Ada', email: 'ada@example.com' },
  serviceAccount: null,
  subject: null,
  parent: null,
  before: { name: 'A', released: false, passwordHash: 'p1' },
  after: { name: 'A', released: true, passwordHash: 'p2' },
};
const machine = {
  clientId: 'portal-smoke-test',
  name: 'Smoke Test',
  actingAs: 'smoke-test@portal.test',
};

describe('the Activity CSV (issues 22 and 45)', () => {
  it('writes who, what and the diff of changed fields, never a secret value', () => {
    const csv = activityCsv([
      base,
      {
        ...base,
        id: '2',
        action: 'create',
        actor: null,
        serviceAccount: machine,
        before: null,
        after: { id: 'b-2', name: 'A', fae: null, tags: [], createdAt: '2026-01-02T10:00:00.000Z' },
      },
    ]);
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('When,Actor,Service account,Action,Entity type,Entity id,About,Changes');
    expect(lines[1]).toContain('Ada <ada@example.com>');
    expect(lines[1]).toContain('released: false → true; passwordHash: (secret changed)');
    // The machine in its own column, never as the person it acts as; a creation in short.
    expect(lines[2]).toContain(
      ',service account `portal-smoke-test` (acting as smoke-test@portal.test),create,',
    );
    expect(lines[2]).not.toContain('Smoke Test');
    expect(lines[2]).toMatch(/created: name: A"?$/);
    expect(csv).not.toMatch(/p1|p2/);
  });

  it('names the person a record is about and says a secret was rotated', () => {
    const csv = activityCsv([
      {
        ...base,
        action: 'rotate_secret',
        entity: 'service_account',
        before: null,
        after: null,
      },
      {
        ...base,
        action: 'create',
        entity: 'user_role',
        subject: { id: base.actor!.id, name: 'Pat Promoted', email: 'promoted@portal.test' },
        before: null,
        after: { role: 'Admin' },
      },
    ]);
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[1]).toMatch(/Secret rotated$/);
    expect(lines[2]).toContain('Pat Promoted <promoted@portal.test>,created: role: Admin');
    expect(actorText({ actor: null, serviceAccount: machine })).toBe(
      'service account `portal-smoke-test` (acting as smoke-test@portal.test)',
    );
  });
});
