import { describe, expect, it } from 'vitest';
import { gadgetsResource } from '../test/gadgets';
import { toCsv } from './exporter';

describe('toCsv', () => {
  it('writes the labels and every visible field, never the secret, quoting and defusing cells', () => {
    const csv = toCsv(gadgetsResource, [
      {
        id: 'g-1',
        name: 'Gizmo, "big"',
        code: '=HYPERLINK("x")',
        homepage: null,
        enabled: true,
        kind: 'gizmo',
        ownerId: null,
        tags: ['new', 'sale'],
        updatedAt: '2025-01-01T10:00:00Z',
        token: 'secret',
      },
    ]);
    const [header, row] = csv.trimEnd().split('\r\n');
    expect(header).toBe('Name,Code,Homepage,Enabled,Kind,Owner,Tags,Updated');
    expect(row).toBe(`"Gizmo, ""big""","'=HYPERLINK(""x"")",,true,gizmo,,new; sale,2025-01-01T10:00:00Z`);
    expect(csv).not.toContain('secret');
  });
});
