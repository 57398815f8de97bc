import { expect, test, type Page } from '../support/test.js';
import { chooseOption } from '../support/popups.js';
import { Notifications } from '../support/customer-shell.js';
import { signInAt } from '../support/saved-sign-in.js';
import {
  CartPage,
  CataloguePage,
  TEST_CARDS,
  TestPaymentPage,
  ToolPage,
  cartLink,
  expectCartCount,
  signInFromLoginPage,
} from './commerce-pages.js';

const summaryUrl = /\/cart\/[0-9a-f-]{36}\/summary$/;
const resultUrl = (status: string) => new RegExp(`/cart/[0-9a-f-]{36}/checkout-result\\?status=${status}$`);

/** Puts NX Motor Control Library 4.0.0 (payable, €499) in the cart and opens the cart. */
async function buyMotorLibrary(page: Page) {
  await page.goto('/assets/nx-motor-control-lib');
  await new ToolPage(page).addToCart('Buy', '4.0.0');
  await cartLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
}

test.describe('checkout (spec §2.2, §4, §5)', () => {
  test('browse, add to the cart, sign in, answer the questionnaire, pay by card: an order and a license', async ({
    page,
  }, testInfo) => {
    // Anonymously: search, open the tools, add them to the cart.
    const catalogue = new CataloguePage(page);
    const tool = new ToolPage(page);
    await page.goto('/welcome');
    await page.getByRole('banner').getByRole('link', { name: 'Assets' }).click();
    await catalogue.search('sensor fusion');
    await catalogue.open('Sensor Fusion Studio');
    await expect(page.getByText('Checkout asks a few questions about your project.')).toBeVisible();
    await tool.addToCart('Request', '0.9.0');
    await page.goto('/assets');
    await catalogue.search('motor');
    await catalogue.open('NX Motor Control Library');
    await expect(tool.selectedVersion()).toHaveText('4.0.0 (latest)');
    await expect(page.getByText('€499.00')).toBeVisible();
    await expect(page.getByText('This version is payable: buy it')).toBeVisible();
    await tool.addToCart('Buy', '4.0.0');
    await expectCartCount(page, 2);

    // Buying and requesting need sign-in.
    await cartLink(page).click();
    await signInFromLoginPage(page, 'customer@portal.test', /\/cart$/);
    const cart = new CartPage(page);
    await expect(cart.entries('To buy')).toHaveCount(1);
    await expect(cart.entries('To request')).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Billing information' })).toContainText(
      'Ready for purchases',
    );
    await page.screenshot({ path: testInfo.outputPath('cart.png'), fullPage: true });
    await page.getByRole('link', { name: 'Continue to the questionnaire' }).click();

    // The questionnaire: autofilled from the profile, checked before anything is sent.
    await expect(page.getByRole('heading', { level: 1, name: 'Questionnaire' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Evaluation request' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^First name/ })).toHaveValue('Chris');
    await expect(page.getByRole('textbox', { name: /^Last name/ })).toHaveValue('Customer');
    await page.getByRole('button', { name: 'Check out' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please check 2 answers.' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /What will you build/ })).toBeFocused();
    await expect(page.getByText('Please answer this question.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /Expected production date/ })).toHaveCount(0);
    await page.getByRole('textbox', { name: /What will you build/ }).fill('A gesture-controlled lamp');
    await page.getByRole('radio', { name: 'Production' }).check();
    await expect(
      page.getByRole('textbox', { name: /Expected production date and volume \(optional\)/ }),
    ).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('questionnaire.png'), fullPage: true });
    await page.getByRole('button', { name: 'Check out' }).click();

    // The summary: the request is sent, the purchase waits for its payment.
    await expect(page).toHaveURL(summaryUrl);
    await expect(page.getByText('One step left: payment')).toBeVisible();
    const request = page.getByRole('article').filter({ hasText: /^Request PO-/ });
    await expect(request).toContainText('Sensor Fusion Studio');
    await expect(request).toContainText('In progress');
    const purchase = page.getByRole('article').filter({ hasText: /^Purchase PO-/ });
    await expect(purchase).toContainText('NX Motor Control Library');
    await expect(purchase).toContainText('Payment missing');
    // The requested item has left the cart; the one to pay stays until it is paid.
    await expectCartCount(page, 1);
    await page.screenshot({ path: testInfo.outputPath('summary.png'), fullPage: true });
    await page.getByRole('button', { name: 'Pay €499.00' }).click();

    const payment = new TestPaymentPage(page);
    await payment.expectShown('€499.00');
    await payment.pay(TEST_CARDS.pays);

    await expect(page).toHaveURL(resultUrl('success'));
    await expect(page.getByText('Thank you for your purchase')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Paid');
    await expectCartCount(page, 0);
    await page.screenshot({ path: testInfo.outputPath('checkout-result.png'), fullPage: true });

    // The order, with its payment, and the license it granted.
    await page.getByRole('link', { name: 'My orders' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    const paid = page
      .getByRole('article')
      .filter({ hasText: /^Purchase PO-/ })
      .first();
    await expect(paid).toContainText('Paid by card');
    await expect(paid).toContainText('Approved');
    await expect(paid).toContainText('€499.00');
    await chooseOption(page.getByRole('combobox', { name: 'Status' }), 'In progress');
    await expect(page).toHaveURL(/\/my\/orders\?status=in-progress$/);
    await expect(page.getByRole('article').filter({ hasText: 'Sensor Fusion Studio' }).first()).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: /^Purchase/ })).toHaveCount(0);

    await page.goto('/my/software');
    await expect(page.getByRole('heading', { level: 1, name: 'My assets' })).toBeVisible();
    const license = page.getByRole('row').filter({ hasText: 'NX Motor Control Library 4.0.0' });
    await expect(license).toContainText('Perpetual');
    await page.screenshot({ path: testInfo.outputPath('my-assets.png'), fullPage: true });

    // Bought, so its files can be downloaded.
    await license.getByRole('link').click();
    await expect(page).toHaveURL(/\/assets\/nx-motor-control-lib\?version=4\.0\.0$/);
    await expect(tool.defaultDownload()).toBeEnabled();
    const downloading = page.waitForEvent('download');
    await tool.defaultDownload().click();
    expect((await downloading).suggestedFilename()).toBe('nx-motor-control-lib-4.0.0-any-any.zip');
  });

  test('a declined card fails the checkout; the items stay in the cart to check out again', async ({
    page,
  }) => {
    await signInAt(page, '/my/orders', 'promoted@portal.test');
    await buyMotorLibrary(page);

    // No billing information on file yet: the purchase waits for it.
    const billing = page.getByRole('region', { name: 'Billing information' });
    await expect(billing).toContainText('Needs your attention before you can buy');
    await expect(billing).toContainText('Your billing address is missing.');
    await expect(page.getByRole('button', { name: 'Check out' })).toBeDisabled();
    await billing.getByRole('button', { name: 'Edit' }).click();
    await billing.getByLabel('Company').fill('Globex Embedded SAS');
    await billing.getByLabel('Street and number').fill('12 rue de la Paix');
    await billing.getByLabel('Postal code').fill('75002');
    await billing.getByLabel('City').fill('Paris');
    await billing.getByLabel('Country').fill('fr');
    await billing.getByLabel('Tax ID').fill('FR 12 345678901');
    await billing.getByRole('button', { name: 'Save' }).click();
    await expect(new Notifications(page).entry('Your billing information has been saved.')).toBeVisible();
    await expect(billing).toContainText('Ready for purchases');
    await expect(billing).toContainText('12 rue de la Paix, 75002 Paris, FR');
    await expect(billing).toContainText('FR12345678901');

    await new CartPage(page).checkOut();
    await expect(page).toHaveURL(summaryUrl);
    const firstCheckout = page.url();
    await page.getByRole('button', { name: 'Pay €499.00' }).click();
    await new TestPaymentPage(page).pay(TEST_CARDS.declined);

    await expect(page).toHaveURL(resultUrl('failed'));
    await expect(page.getByText('Payment failed')).toBeVisible();
    await expect(page.getByText('The card was declined.')).toBeVisible();
    await expectCartCount(page, 1);

    await page.getByRole('link', { name: 'Back to the cart' }).last().click();
    await expect(new CartPage(page).entries('To buy')).toContainText(['NX Motor Control Library']);
    await new CartPage(page).checkOut();
    await expect(page).toHaveURL(summaryUrl);
    expect(page.url()).not.toBe(firstCheckout);
    await expect(page.getByText('One step left: payment')).toBeVisible();
    await page.getByRole('button', { name: 'Pay €499.00' }).click();
    await new TestPaymentPage(page).pay(TEST_CARDS.pays);
    await expect(page.getByText('Thank you for your purchase')).toBeVisible();
  });

  test('a canceled payment can be resumed and paid', async ({ page }) => {
    await signInAt(page, '/my/orders', 'customer@portal.test');
    await buyMotorLibrary(page);
    await new CartPage(page).checkOut();
    await expect(page).toHaveURL(summaryUrl);
    const summary = page.url();
    await page.getByRole('button', { name: 'Pay €499.00' }).click();
    await new TestPaymentPage(page).cancel();

    await expect(page).toHaveURL(resultUrl('canceled'));
    await expect(page.getByText('Payment canceled', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Canceled');
    // Still in the cart, and the summary says the same.
    await expectCartCount(page, 1);
    await page.goto(summary);
    await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Canceled');

    await page.getByRole('button', { name: 'Resume payment of €499.00' }).click();
    const payment = new TestPaymentPage(page);
    await payment.expectShown('€499.00');
    await payment.pay(TEST_CARDS.pays);
    await expect(page).toHaveURL(resultUrl('success'));
    await expect(page.getByText('Thank you for your purchase')).toBeVisible();
    await expectCartCount(page, 0);
  });

  test('installs a tool with the launcher and issues installation keys', async ({ page }) => {
    await signInAt(page, '/my/installers', 'customer@portal.test');
    // The demo installer of the NX Flash Programmer with its two keys.
    const flash = page.getByRole('article', { name: 'NX Flash Programmer' });
    await expect(flash).toContainText('DEMO2-FLASH-PROGR-AMMER');
    await flash.getByRole('button', { name: '1 earlier key' }).click();
    await expect(flash).toContainText('DEMO1-FLASH-PROGR-AMMER');

    await page.goto('/assets/nx-device-pack');
    await page.getByRole('button', { name: 'Install with the launcher' }).click();
    const dialog = page.getByRole('dialog', { name: 'NX Device Pack is ready for the launcher' });
    await expect(dialog.locator('code')).toHaveText(/^[A-Z0-9-]{10,}$/);
    const key = (await dialog.locator('code').textContent())!;
    await dialog.getByRole('link', { name: 'My installers' }).click();

    const pack = page.getByRole('article', { name: 'NX Device Pack' });
    await expect(pack).toContainText(key);
    await pack.getByRole('button', { name: 'Issue a new key' }).click();
    await expect(new Notifications(page).entry('A new installation key has been issued.')).toBeVisible();
    await expect(pack.getByRole('button', { name: '1 earlier key' })).toBeVisible();
    await expect(pack.locator('code').first()).not.toHaveText(key);

    await page.goto('/my/assets?view=installation-keys');
    await expect(page.getByRole('tab', { name: 'Installation keys', selected: true })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: key })).toContainText('NX Device Pack');
    await expect(page.getByRole('row').filter({ hasText: 'DEMO2-FLASH-PROGR-AMMER' })).toContainText(
      'Latest',
    );

    // A second installer for the same tool is not made.
    await page.goto('/assets/nx-device-pack');
    await page.getByRole('button', { name: 'Install with the launcher' }).click();
    await expect(new Notifications(page).entry('You already have an installer for this tool.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open my installers' })).toBeVisible();
  });
});
