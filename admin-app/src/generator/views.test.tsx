import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, Notification, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { LIST_MAX_OFFSET, defineResource, requiredText } from '@portal/resources';
import { z } from 'zod';
import { gadgetInputSchema, gadgetSchema, gadgetsResource } from '../test/gadgets';
import { renderAdmin } from '../test/render';
import { GeneratedCreate, GeneratedEdit, GeneratedList } from './views';

const owner = { id: '00000000-0000-4000-8000-0000000000aa', email: 'owner@portal.test' };
const gadget = {
  id: 'g-1',
  name: 'Gizmo 1',
  code: 'G1',
  homepage: null,
  enabled: true,
  kind: 'gizmo',
  ownerId: null,
  tags: [],
  updatedAt: '2025-01-01T10:00:00Z',
};

function stubDataProvider(overrides: Partial<DataProvider> = {}): DataProvider {
  return {
    getList: vi.fn(async (resource: string) =>
      resource === 'owners' ? { data: [owner], total: 1 } : { data: [gadget], total: 31 },
    ),
    getOne: vi.fn(async () => ({ data: gadget })),
    getMany: vi.fn(async () => ({ data: [owner] })),
    getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
    create: vi.fn(async (_resource: string, params: { data: object }) => ({
      data: { ...params.data, id: 'g-2' },
    })),
    update: vi.fn(async (_resource: string, params: { data: object }) => ({
      data: { ...gadget, ...params.data },
    })),
    updateMany: vi.fn(async () => ({ data: [] })),
    delete: vi.fn(async () => ({ data: gadget })),
    deleteMany: vi.fn(async () => ({ data: [] })),
    ...overrides,
  } as unknown as DataProvider;
}

const definitions = [gadgetsResource];

describe('GeneratedList', () => {
  it("lists the definition's columns, sorted and paged as it says", async () => {
    const dataProvider = stubDataProvider();
    renderAdmin(<GeneratedList definition={gadgetsResource} />, {
      dataProvider,
      definitions,
      resource: 'gadgets',
    });
    expect(await screen.findByText('Gizmo 1')).toBeTruthy();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'gadgets',
      expect.objectContaining({
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'name', order: 'ASC' },
      }),
    );
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Name', 'Kind', 'Enabled', 'Updated']));
    // Only sortable columns sort.
    expect(screen.getByRole('button', { name: 'Sort by name descending' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Sort by Kind/ })).toBeNull();
    expect(screen.getByText('1-10 of 31')).toBeTruthy();
    // The search, and the declared filters behind "Add filter".
    expect(screen.getByPlaceholderText('Search')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitemcheckbox')
        .map((item) => item.textContent),
    ).toEqual(expect.arrayContaining(['Kind', 'Enabled']));
  });

  it('offers page buttons up to the deepest page the server answers, and tells the true total', async () => {
    const dataProvider = stubDataProvider({
      getList: vi.fn(async () => ({ data: [gadget], total: 1_000_000 })) as DataProvider['getList'],
    });
    renderAdmin(<GeneratedList definition={gadgetsResource} />, {
      dataProvider,
      definitions,
      resource: 'gadgets',
    });
    expect(await screen.findByText('1-10 of 1000000')).toBeTruthy();
    // Pages of 10: the last one offered starts at row LIST_MAX_OFFSET.
    const last = LIST_MAX_OFFSET / 10 + 1;
    expect(screen.getByRole('button', { name: `Go to page ${last}` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: `Go to page ${last + 1}` })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Go to page 100000' })).toBeNull();
  });

  it('asks the server to sort when a header is clicked', async () => {
    const dataProvider = stubDataProvider();
    renderAdmin(<GeneratedList definition={gadgetsResource} />, {
      dataProvider,
      definitions,
      resource: 'gadgets',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sort by name descending' }));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'gadgets',
        expect.objectContaining({ sort: { field: 'name', order: 'DESC' } }),
      ),
    );
  });

  it('offers bulk delete and export once rows are selected, and no delete without the role to delete', async () => {
    const dataProvider = stubDataProvider();
    const { unmount } = renderAdmin(<GeneratedList definition={gadgetsResource} />, {
      dataProvider,
      definitions,
      resource: 'gadgets',
    });
    // The row's checkbox is labelled on its input (the console's theme moves react-admin's label there).
    await userEvent.click((await screen.findAllByRole('checkbox', { name: 'Select this row' }))[0]!);
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeTruthy();
    // The page's export and the export of the selected rows.
    expect(screen.getAllByRole('button', { name: 'Export' })).toHaveLength(2);
    unmount();

    const readOnly = { ...gadgetsResource, access: { ...gadgetsResource.access, delete: undefined } };
    renderAdmin(<GeneratedList definition={readOnly} />, {
      dataProvider,
      definitions: [readOnly],
      resource: 'gadgets',
    });
    await userEvent.click((await screen.findAllByRole('checkbox'))[1]!);
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Export' })).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('GeneratedCreate', () => {
  it("refuses with the schema's messages before any call, then sends exactly the schema's fields", async () => {
    const dataProvider = stubDataProvider();
    renderAdmin(<GeneratedCreate definition={gadgetsResource} />, {
      dataProvider,
      definitions,
      resource: 'gadgets',
    });
    const save = await screen.findByRole('button', { name: 'Save' });
    await userEvent.type(screen.getByLabelText(/Homepage/), 'ftp://files');
    await userEvent.click(save);
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(screen.getByText('Code is required.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid URL starting with http:// or https://.')).toBeTruthy();
    expect(dataProvider.create).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText(/Name/), 'Gizmo 2');
    await userEvent.type(screen.getByLabelText(/Code/), 'G2');
    await userEvent.clear(screen.getByLabelText(/Homepage/));
    await userEvent.click(screen.getByLabelText(/Kind/));
    await userEvent.click(await screen.findByRole('option', { name: 'widget' }));
    await userEvent.click(save);
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled());
    expect(vi.mocked(dataProvider.create).mock.calls[0]![1].data).toEqual({
      name: 'Gizmo 2',
      code: 'G2',
      homepage: null,
      enabled: false,
      kind: 'widget',
      ownerId: null,
      tags: [],
    });
  });

  it('picks a reference with an autocomplete over the referenced resource', async () => {
    const dataProvider = stubDataProvider();
    renderAdmin(<GeneratedCreate definition={gadgetsResource} />, {
      dataProvider,
      definitions,
      resource: 'gadgets',
    });
    const picker = await screen.findByRole('combobox', { name: 'Owner' });
    await userEvent.click(picker);
    await userEvent.click(await screen.findByRole('option', { name: 'owner@portal.test' }));
    expect(dataProvider.getList).toHaveBeenCalledWith('owners', expect.anything());
    expect((picker as HTMLInputElement).value).toBe('owner@portal.test');
  });

  it('shows a secret the answer carries once, before leaving the page', async () => {
    const dataProvider = stubDataProvider({
      create: vi.fn(async (_resource: string, params: { data: object }) => ({
        data: { ...params.data, id: 'g-3', token: 's3cr3t-value' },
      })) as DataProvider['create'],
    });
    renderAdmin(<GeneratedCreate definition={gadgetsResource} />, {
      dataProvider,
      definitions,
      resource: 'gadgets',
    });
    await userEvent.type(await screen.findByLabelText(/Name/), 'Gizmo 3');
    await userEvent.type(screen.getByLabelText(/Code/), 'G3');
    await userEvent.click(screen.getByLabelText(/Kind/));
    await userEvent.click(await screen.findByRole('option', { name: 'gizmo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Secret of Gizmo 3' });
    expect(within(dialog).getByDisplayValue('s3cr3t-value')).toBeTruthy();
  });
});

describe('GeneratedEdit', () => {
  it("puts the server's field errors on their fields", async () => {
    // react-admin logs the refused save; the refusal is what this test is about.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dataProvider = stubDataProvider({
      update: vi.fn(async () => {
        throw new HttpError('This name is taken.', 409, {
          errors: { name: 'This name is taken.', root: { serverError: 'This name is taken.' } },
        });
      }) as DataProvider['update'],
    });
    renderAdmin(<GeneratedEdit definition={gadgetsResource} id="g-1" />, {
      dataProvider,
      definitions,
      resource: 'gadgets',
    });
    const name = await screen.findByLabelText(/Name/);
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Gizmo 1'));
    await userEvent.type(name, 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This name is taken.')).toBeTruthy();
    // The create-only code is shown, not editable, and still sent: the update schema needs it.
    expect((screen.getByLabelText(/Code/) as HTMLInputElement).disabled).toBe(true);
    expect(vi.mocked(dataProvider.update).mock.calls[0]![1].data).toMatchObject({
      name: 'Gizmo 1x',
      code: 'G1',
    });
  });

  it('sends a save at once, with no undo window a reload could lose it in', async () => {
    const dataProvider = stubDataProvider();
    renderAdmin(
      <>
        <GeneratedEdit definition={gadgetsResource} id="g-1" />
        <Notification />
      </>,
      { dataProvider, definitions: [gadgetsResource], resource: 'gadgets' },
    );
    const name = await screen.findByLabelText(/Name/);
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Gizmo 1'));
    await userEvent.type(name, '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dataProvider.update).toHaveBeenCalledOnce());
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('offers delete only to roles the definition lets delete', async () => {
    const dataProvider = stubDataProvider();
    const noDelete = { ...gadgetsResource, access: { ...gadgetsResource.access, delete: undefined } };
    renderAdmin(<GeneratedEdit definition={noDelete} id="g-1" />, {
      dataProvider,
      definitions: [noDelete],
      resource: 'gadgets',
    });
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('string lists and fields made read-only by the record', () => {
  const boardLike = defineResource({
    ...gadgetsResource,
    name: 'boardlikes',
    record: gadgetSchema.extend({
      features: z.array(z.string()),
      released: z.boolean(),
      sourced: z.boolean(),
    }),
    update: gadgetInputSchema.extend({
      features: z.array(requiredText('A feature may not be empty.')).max(3, 'At most 3 features.'),
      released: z.boolean(),
    }),
    fields: [
      ...gadgetsResource.fields,
      { source: 'features', label: 'Features', widget: 'string-list' },
      { source: 'released', label: 'Released', widget: 'boolean', readOnlyWhen: 'sourced' },
    ],
  });
  const record = { ...gadget, features: ['Fast', 'Small'], released: true };

  it('edits a list of texts in order, checks each entry, and sends the list', async () => {
    const dataProvider = stubDataProvider({
      getOne: vi.fn(async () => ({ data: { ...record, sourced: false } })) as DataProvider['getOne'],
    });
    renderAdmin(<GeneratedEdit definition={boardLike} id="g-1" />, {
      dataProvider,
      definitions: [boardLike],
      resource: 'boardlikes',
    });
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: 'Features' })).toHaveLength(2));
    const entries = () => screen.getAllByRole('textbox', { name: 'Features' }) as HTMLInputElement[];
    expect(entries().map((input) => input.value)).toEqual(['Fast', 'Small']);
    // The release flag is editable on a record whose source does not provide it.
    expect((screen.getByRole('switch', { name: 'Released' }) as HTMLInputElement).disabled).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(entries()).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A feature may not be empty.')).toBeTruthy();
    expect(dataProvider.update).not.toHaveBeenCalled();

    await userEvent.type(entries()[2]!, 'Cheap');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dataProvider.update).toHaveBeenCalled());
    expect(vi.mocked(dataProvider.update).mock.calls[0]![1].data).toMatchObject({
      features: ['Fast', 'Small', 'Cheap'],
      released: true,
    });
  });

  it("disables a field while the record's condition holds, and says why", async () => {
    const dataProvider = stubDataProvider({
      getOne: vi.fn(async () => ({ data: { ...record, sourced: true } })) as DataProvider['getOne'],
    });
    renderAdmin(<GeneratedEdit definition={boardLike} id="g-1" />, {
      dataProvider,
      definitions: [boardLike],
      resource: 'boardlikes',
    });
    const released = (await screen.findByRole('switch', { name: 'Released' })) as HTMLInputElement;
    await waitFor(() => expect(released.disabled).toBe(true));
    expect(screen.getByText('Provided by the data source: it cannot be changed here.')).toBeTruthy();
  });
});
