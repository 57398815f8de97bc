import { expect, test, type Page } from '../support/test.js';
import { AdminApi } from '../support/admin-api.js';
import { AdminConsole, AdminForm, AdminList } from '../support/admin-console.js';
import { answerDialog, chooseOption, openPopup } from '../support/popups.js';
import { accessTokenOf } from '../support/pages.js';
import { signedInPage } from '../support/saved-sign-in.js';

interface Position {
  id: string;
  featureId: string;
  name: string;
  status: string;
  comment: string | null;
}
interface Order {
  id: string;
  number: string;
  status: string;
  positions: Position[];
}
interface License {
  id: string;
  featureId: string;
  product: string;
  status: string;
  revoked: boolean;
  comments: string | null;
}
interface ExportAccessRequest {
  id: string;
  status: string;
  comment: string | null;
}

/** A call to /api/v1 with the page's session: its bearer token and the CSRF cookie echoed. */
async function callAs<T>(page: Page, method: string, path: string, body?: unknown) {
  const token = await accessTokenOf(page);
  return page.evaluate(
    async ({ method, path, body, token }) => {
      const xsrf = /XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const response = await fetch(`/api/v1/${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'x-xsrf-token': decodeURIComponent(xsrf),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as T };
    },
    { method, path, body, token },
  );
}

const tool = (featureId: string, version: string) => ({
  type: 'tool',
  item: { featureId },
  package: { version },
});
const byFilter = (value: object) => `filter=${encodeURIComponent(JSON.stringify(value))}`;

test.describe('admin console: orders, licenses and export access', () => {
  test('decides the positions of an order: a rejection needs its reason, an approval grants a license the admin then revokes', async ({
    page,
    browser,
    request,
  }) => {
    const api = await AdminApi.signIn(request);
    const customer = await signedInPage(browser, 'internal@portal.test');
    const checkout = await callAs<{ orders: Order[] }>(customer, 'POST', 'checkouts', {
      entries: [tool('nx-device-pack', '1.1.0'), tool('pwr-stage-netlist', 'B')],
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(201);
    const order = checkout.body.orders[0]!;
    await customer.context().close();

    const admin = new AdminConsole(page);
    const list = new AdminList(page);
    await admin.signIn('admin@portal.test', '/admin/orders');
    expect(await admin.menuNames()).toEqual(
      expect.arrayContaining(['Orders', 'Licenses', 'Export access requests']),
    );

    // The generated list searches by number and opens the order's page.
    await page.getByPlaceholder('Search').fill(order.number);
    await expect(list.rows()).toHaveCount(1);
    await list.row(order.number).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}/show$`));
    const positions = page.getByTestId('order-position');
    await expect(positions).toHaveCount(2);

    // A rejection says why: refused in the dialog with the API's own message, before any call.
    const decisions: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/positions/')) decisions.push(r.url());
    });
    const reject = page.getByRole('dialog', { name: `Reject NX Device Pack of order ${order.number}?` });
    await openPopup(page.getByRole('button', { name: 'Reject NX Device Pack' }), reject);
    const why = reject.getByText('Say why the position is rejected.');
    await answerDialog(reject, 'Reject', () => why.isVisible());
    expect(decisions).toEqual([]);
    await reject.getByRole('textbox', { name: 'Comment' }).fill('Not offered in your region.');
    await answerDialog(reject, 'Reject');
    await expect(page.getByText('NX Device Pack is rejected.')).toBeVisible();
    const rejectedRow = positions.filter({ hasText: 'NX Device Pack' });
    await expect(rejectedRow.getByText('Rejected', { exact: true })).toBeVisible();
    await expect(rejectedRow.getByText('Not offered in your region.')).toBeVisible();
    // A rejected position offers only what its state allows: reopen or approve.
    await expect(page.getByRole('button', { name: 'Reject NX Device Pack' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reopen NX Device Pack' })).toBeVisible();

    const approve = page.getByRole('dialog', {
      name: `Approve PWR Stage Reference Netlist of order ${order.number}?`,
    });
    await openPopup(page.getByRole('button', { name: 'Approve PWR Stage Reference Netlist' }), approve);
    await answerDialog(approve, 'Approve');
    await expect(page.getByText('PWR Stage Reference Netlist is approved.')).toBeVisible();

    const decided = await api.get<Order>(`orders/${order.id}`);
    expect(decided.positions.map((p) => [p.featureId, p.status, p.comment]).sort()).toEqual([
      ['nx-device-pack', 'rejected', 'Not offered in your region.'],
      ['pwr-stage-netlist', 'approved', null],
    ]);
    expect(decided.status).toBe('done');

    // The approval granted a license: the admin revokes it with a note.
    const licenses = await api.get<License[]>(`licenses?${byFilter({ q: 'internal@portal.test' })}`);
    const license = licenses.find((row) => row.featureId === 'pwr-stage-netlist');
    expect(license?.status).not.toBe('revoked');
    await page.goto(`/admin/licenses/${license!.id}`);
    const form = new AdminForm(page);
    await page.getByRole('switch', { name: 'Revoked' }).check();
    await form.field('Comments').fill('Granted by mistake.');
    await form.save();
    await expect
      .poll(async () => {
        const now = await api.get<License>(`licenses/${license!.id}`);
        return [now.status, now.revoked, now.comments];
      })
      .toEqual(['revoked', true, 'Granted by mistake.']);
  });

  test('decides an export access request: a refusal needs a comment, the API refuses a second decision', async ({
    page,
    browser,
    request,
  }) => {
    const api = await AdminApi.signIn(request);
    const customer = await signedInPage(browser, 'internal@portal.test');
    const asked = await callAs<ExportAccessRequest>(
      customer,
      'POST',
      'catalogue/tools/secureboot-signer/export-access-requests',
      { reason: 'Evaluation of secure boot for a lab board.' },
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    await customer.context().close();

    await new AdminConsole(page).signIn(
      'admin@portal.test',
      `/admin/export-access-requests/${asked.body.id}`,
    );
    const form = new AdminForm(page);
    await chooseOption(page.getByRole('combobox', { name: 'Decision' }), 'refused');
    await form.save();
    await expect(form.errorOf('Say why the request is refused.')).toBeVisible();
    expect((await api.get<ExportAccessRequest>(`export-access-requests/${asked.body.id}`)).status).toBe(
      'pending',
    );

    await form.field('Comment').fill('Not for this end use.');
    await form.save();
    await expect
      .poll(
        async () => (await api.get<ExportAccessRequest>(`export-access-requests/${asked.body.id}`)).status,
      )
      .toBe('refused');

    // A refused request stays refused: the API's 409 lands on the decision.
    await page.goto(`/admin/export-access-requests/${asked.body.id}`);
    await chooseOption(page.getByRole('combobox', { name: 'Decision' }), 'granted');
    await form.save();
    await expect(form.errorOf('a refused request stays refused')).toBeVisible();
  });
});
