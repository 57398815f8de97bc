import { expect, test } from '../support/test.js';
import { AdminApi } from '../support/admin-api.js';
import { serviceAccountToken } from '../support/customer-shell.js';
import { signInAt } from '../support/saved-sign-in.js';

/**
 * Reading the QR code the portal prints for a serial number (admin console: serial numbers → QR download) from a
 * photo, with the decoder the camera scan uses. A camera is not available headless; the scan hands the decoded text
 * to the same registration route.
 */
test('reads a printed QR code from a photo and registers its serial number', async ({
  page,
  request,
  baseURL,
}) => {
  // The decoder is WebAssembly, which a Content-Security-Policy must allow ('wasm-unsafe-eval', not 'unsafe-eval').
  const policy = (await request.get('/my/projects/create')).headers()['content-security-policy'] ?? '';
  test.skip(
    !/script-src[^;]*'wasm-unsafe-eval'/.test(policy) && policy.includes('script-src'),
    "the server's Content-Security-Policy does not allow WebAssembly yet (script-src needs 'wasm-unsafe-eval')",
  );
  const admin = await AdminApi.signIn(request);
  const [board] = await admin.get<{ id: string; name: string }[]>(
    `boards?filter=${encodeURIComponent(JSON.stringify({ name: 'SNS261_Pro_Kit' }))}`,
  );
  expect(board?.name).toBe('SNS261_Pro_Kit');
  const serials = await admin.get<{ id: string; value: string }[]>(`boards/${board!.id}/serial-numbers`);
  const serial = serials.find((entry) => entry.value === 'SNS261SN0004')!;
  const png = await request.get(`/api/v1/boards/${board!.id}/serial-numbers/${serial.id}/qr.png`, {
    headers: { authorization: `Bearer ${await serviceAccountToken(baseURL!)}` },
  });
  expect(png.status()).toBe(200);

  await signInAt(page, '/my/projects/create', 'customer@portal.test');
  await page.getByRole('tab', { name: 'QR code' }).click();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'label.png',
    mimeType: 'image/png',
    buffer: await png.body(),
  });
  await expect(page.getByRole('textbox', { name: 'Scanned serial number' })).toHaveValue('SNS261SN0004');
  await page.getByRole('textbox', { name: 'Project name' }).fill('From a photo');
  await page.getByRole('checkbox', { name: 'I accept the service agreement' }).check();
  await page.getByRole('button', { name: 'Register product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'From a photo' })).toBeVisible();
});
