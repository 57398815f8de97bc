import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResourceDefinition } from '@portal/resources';
import type { DataProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { HistoryProvider } from '../../generator/history-context';
import { GeneratedShow } from '../../generator/views';
import { gadgetsResource } from '../../test/gadgets';
import { renderAdmin } from '../../test/render';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, auditLogResource as auditDefinition } from '@portal/resources';
import { ActivityList, RecordHistory } from './activity-views';

// Rendering waits for react-admin's queries; on a busy machine that takes a while.
const slow = { timeout: 15_000 };
const gadgetId = '00000000-0000-4000-8000-000000000001';
const gadget = {
  id: gadgetId,
  name: 'Sprocket',
  homepage: null,
  enabled: true,
  kind: 'gizmo',
  ownerId: null,
  tags: [],
  code: 'S1',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const change = {
  id: '7',
  at: '2026-01-02T10:00:00.000Z',
  action: 'update',
  entity: 'gadget',
  entityId: gadgetId,
  actor: { id: '00000000-0000-4000-8000-00000000000a', name: 'Ada Admin', email: 'ada@example.com' },
  serviceAccount: null,
  subject: null,
  parent: null,
  before: { name: 'Sprocket', enabled: false, secretHash: 'old-hash-value' },
  after: { name: 'Sprocket', enabled: true, secretHash: 'new-hash-value' },
};

function dataProvider(): DataProvider {
  return {
    getList: vi.fn(async () => ({ data: [change], total: 1 })),
    getOne: vi.fn(async (resource: string) => ({ data: resource === 'gadgets' ? gadget : change })),
    getMany: vi.fn(async () => ({ data: [] })),
    getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
  } as unknown as DataProvider;
}

const definitions: ResourceDefinition[] = [gadgetsResource, auditDefinition];

function showGadget(provider: DataProvider, roles: string[]) {
  return renderAdmin(
    <HistoryProvider view={RecordHistory}>
      <Routes>
        <Route path="/gadgets/:id/show/*" element={<GeneratedShow definition={gadgetsResource} />} />
      </Routes>
    </HistoryProvider>,
    { dataProvider: provider, definitions, resource: 'gadgets', roles, path: `/gadgets/${gadgetId}/show` },
  );
}

/** The diff table's rows as text, one string per row. */
const diffRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);

describe('Activity and History (issue 22 #2)', () => {
  it('lists the audit records with a readable diff: changed fields only, old → new, secrets never', async () => {
    const provider = dataProvider();
    renderAdmin(<ActivityList />, { dataProvider: provider, definitions, resource: 'audit-log' });
    const table = await screen.findByRole('table', { name: 'History' }, slow);
    expect(diffRows(table)).toEqual([
      'FieldOldNew',
      'enabledfalse→ true',
      'secretHashchanged (secret, not shown)',
    ]);
    expect(document.body.textContent).not.toMatch(/old-hash-value|new-hash-value/);
    expect(screen.getByText('Ada Admin <ada@example.com>')).toBeTruthy();
    expect(provider.getList).toHaveBeenCalledWith(
      'audit-log',
      expect.objectContaining({ sort: auditDefinition.list.defaultSort }),
    );
  });

  it('offers entity types and actions as choices of the one list the server writes (issue 45)', async () => {
    renderAdmin(<ActivityList />, { dataProvider: dataProvider(), definitions, resource: 'audit-log' });
    const optionsOf = async (filter: string) => {
      await userEvent.click(await screen.findByRole('combobox', { name: filter }, slow));
      const listbox = await screen.findByRole('listbox', {}, slow);
      const names = within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent?.trim())
        // The empty choice, which clears the filter.
        .filter(Boolean);
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
      return names;
    };
    expect(await optionsOf('Entity type')).toEqual([...AUDIT_ENTITIES]);
    expect(await optionsOf('Action')).toEqual([...AUDIT_ACTIONS]);
  });

  it('shows a History tab on a record page that lists that record’s changes', async () => {
    const provider = dataProvider();
    showGadget(provider, ['Admin']);
    await userEvent.click(await screen.findByRole('tab', { name: 'History' }, slow));
    const table = await screen.findByRole('table', { name: 'History' }, slow);
    expect(diffRows(table)).toContain('enabledfalse→ true');
    await waitFor(() =>
      expect(provider.getList).toHaveBeenCalledWith(
        'audit-log',
        expect.objectContaining({ filter: { history: `gadget:${gadgetId}` } }),
      ),
    );
  });

  it('has no History tab for a user who may not read the audit log', async () => {
    const provider = dataProvider();
    // An internal user reads gadgets but not the audit log: the definition's roles decide, as on the server.
    const readers = {
      ...gadgetsResource,
      access: { ...gadgetsResource.access, show: ['INTERNAL_USER' as const] },
    };
    renderAdmin(
      <HistoryProvider view={RecordHistory}>
        <Routes>
          <Route path="/gadgets/:id/show/*" element={<GeneratedShow definition={readers} />} />
        </Routes>
      </HistoryProvider>,
      {
        dataProvider: provider,
        definitions: [readers, auditDefinition],
        resource: 'gadgets',
        roles: ['Internal User'],
        path: `/gadgets/${gadgetId}/show`,
      },
    );
    expect(await screen.findByText('Sprocket', {}, slow)).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'History' })).toBeNull();
    expect(provider.getList).not.toHaveBeenCalledWith('audit-log', expect.anything());
  });
});
