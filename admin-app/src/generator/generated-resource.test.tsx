import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineResource } from '@portal/resources';
import { renderAdmin } from '../test/render';
import { GeneratedEdit, GeneratedList } from './views';

// Issue 21 #2: a definition written here and nowhere else gets the console's list and edit views (the server's
// side: server/test/resource-routes.test.ts).
const gizmoInput = z.strictObject({
  name: z.string().trim().min(1, 'Name is required.'),
  enabled: z.boolean(),
});
const gizmosResource = defineResource({
  name: 'gizmos',
  path: 'gizmos',
  label: { one: 'Gizmo', many: 'Gizmos' },
  record: z.object({ id: z.uuid(), name: z.string(), enabled: z.boolean() }),
  create: gizmoInput,
  update: gizmoInput,
  recordTitle: 'name',
  list: {
    columns: ['name', 'enabled'],
    sortable: ['name'],
    defaultSort: { field: 'name', order: 'ASC' },
    filters: [{ source: 'enabled', label: 'Enabled', operator: 'eq', input: 'boolean', alwaysOn: true }],
    search: { fields: ['name'] },
  },
  fields: [
    { source: 'name', label: 'Name', widget: 'text' },
    { source: 'enabled', label: 'Enabled', widget: 'boolean' },
  ],
  access: { list: ['ADMIN'], show: ['ADMIN'], create: ['ADMIN'], edit: ['ADMIN'] },
});
// Rendering waits for react-admin's queries; on a busy machine that takes a while.
const slow = { timeout: 15_000 };
const sprocket = { id: '00000000-0000-4000-8000-000000000001', name: 'Sprocket', enabled: true };

function dataProvider(): DataProvider {
  return {
    getList: vi.fn(async () => ({ data: [sprocket], total: 1 })),
    getOne: vi.fn(async () => ({ data: sprocket })),
    getMany: vi.fn(async () => ({ data: [sprocket] })),
    getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
    update: vi.fn(async (_resource: string, params: { data: object }) => ({
      data: { ...sprocket, ...params.data },
    })),
  } as unknown as DataProvider;
}

describe('the console views of a definition alone', () => {
  it('lists its columns with its filter, sorted as it says', async () => {
    const provider = dataProvider();
    renderAdmin(<GeneratedList definition={gizmosResource} />, {
      dataProvider: provider,
      definitions: [gizmosResource],
      resource: 'gizmos',
    });
    expect(await screen.findByText('Sprocket', {}, slow)).toBeTruthy();
    expect(screen.getAllByText('Enabled').length).toBeGreaterThan(0);
    expect(provider.getList).toHaveBeenCalledWith(
      'gizmos',
      expect.objectContaining({ sort: { field: 'name', order: 'ASC' } }),
    );
  });

  it('edits its fields and sends exactly the update schema', async () => {
    const provider = dataProvider();
    renderAdmin(<GeneratedEdit definition={gizmosResource} id={sprocket.id} />, {
      dataProvider: provider,
      definitions: [gizmosResource],
      resource: 'gizmos',
    });
    const name = await screen.findByLabelText(/Name/, {}, slow);
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Sprocket'), slow);
    await userEvent.clear(name);
    await userEvent.type(name, 'Cog');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled(), slow);
    expect(vi.mocked(provider.update).mock.calls[0]![1].data).toEqual({ name: 'Cog', enabled: true });
  });
});
