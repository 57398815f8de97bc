import type { ApiClient } from '@portal/data-provider';
import { auditLogResource, type ResourceDefinition } from '@portal/resources';
import { widgetsResource } from '@portal/resources/test-fixtures';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { AdminConsole } from './admin-console';
import { createI18nProvider } from './i18n/i18n-provider';
import { testAuthProvider } from './test/render';

// Issue 47 #2: a definition written only in a test gets its console page, its menu entry and its access rules,
// with no customization of the console (the server's side: server/test/resource-by-definition.test.ts).
const anvil = { id: '00000000-0000-4000-8000-000000000001', name: 'Anvil', country: 'DE', updatedAt: null };
const slow = { timeout: 15_000 };

function dataProvider(): DataProvider {
  return {
    getList: vi.fn(async (resource: string) =>
      resource === 'widgets' ? { data: [anvil], total: 1 } : { data: [], total: 0 },
    ),
    getOne: vi.fn(async () => ({ data: anvil })),
    getMany: vi.fn(async () => ({ data: [anvil] })),
    getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
  } as unknown as DataProvider;
}

/** The whole console with the widgets definition alone (and `more`), at `path`, for a user holding `roles`. */
function renderConsole(roles: string[], path: string, more: ResourceDefinition[] = []) {
  window.history.pushState({}, '', path);
  const provider = dataProvider();
  const definitions = [widgetsResource, ...more];
  render(
    <AdminConsole
      dataProvider={provider}
      authProvider={testAuthProvider(roles, definitions)}
      i18nProvider={createI18nProvider(definitions)}
      api={{ api: {} as ApiClient, download: vi.fn() }}
      definitions={definitions}
    />,
  );
  return provider;
}

describe('a resource the console knows by its definition alone', () => {
  it('gives a company space admin its menu entry and list, sorted as it says, without create', async () => {
    const provider = renderConsole(['Company Space Admin'], '/admin/widgets');
    expect(await screen.findByText('Anvil', {}, slow)).toBeTruthy();
    const menu = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(menu).toContain('Widgets');
    expect(provider.getList).toHaveBeenCalledWith(
      'widgets',
      expect.objectContaining({ sort: { field: 'name', order: 'ASC' } }),
    );
    expect(screen.getAllByText('Country').length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: /create/i })).toBeNull();
  });

  it('refuses a company space admin its create page, which the definition keeps for admins', async () => {
    renderConsole(['Company Space Admin'], '/admin/widgets/create');
    expect(await screen.findByRole('heading', { name: 'Access denied', level: 1 }, slow)).toBeTruthy();
  });

  it('gives an admin the create button the company space admin lacks, and its form with the fields', async () => {
    renderConsole(['Admin'], '/admin/widgets');
    expect(await screen.findByText('Anvil', {}, slow)).toBeTruthy();
    (await screen.findByRole('link', { name: /create/i }, slow)).click();
    expect(await screen.findByLabelText(/Name/, {}, slow)).toBeTruthy();
    expect(screen.getByLabelText(/Country/)).toBeTruthy();
  });

  it("offers its entity type in the Activity page's entity filter", async () => {
    renderConsole(['Admin'], '/admin/audit-log', [auditLogResource]);
    await userEvent.click(await screen.findByRole('combobox', { name: 'Entity type' }, slow));
    const listbox = await screen.findByRole('listbox', {}, slow);
    const options = within(listbox)
      .getAllByRole('option')
      .map((option) => option.textContent?.trim());
    expect(options).toContain('widget');
    expect(auditLogResource.list.filters.find((f) => f.source === 'entity')?.choices).not.toContain('widget');
  });
});
