import crypto from 'node:crypto';
import fs from 'node:fs';
import { expect, test } from '../support/test.js';
import { Notifications } from '../support/customer-shell.js';
import { LoginPage } from '../support/pages.js';
import {
  CartPage,
  CataloguePage,
  ToolPage,
  cartLink,
  expectCartCount,
  signInFromLoginPage,
} from './commerce-pages.js';
import { answerDialog, openPopup } from '../support/popups.js';

test.describe('catalogue (spec §2.1), browsed anonymously', () => {
  test('searches, filters by category and pages, keeping all of it in the URL', async ({ page }) => {
    const catalogue = new CataloguePage(page);
    await page.goto('/assets');
    await expect(page.getByRole('heading', { level: 1, name: 'Software and tools' })).toBeVisible();
    await expect(catalogue.resultCount()).toHaveText('Showing 1–12 of 18');
    await expect(catalogue.cards()).toHaveCount(12);

    await page.getByRole('link', { name: 'Go to page 2' }).click();
    await expect(page).toHaveURL(/\/assets\?page=2$/);
    await expect(catalogue.resultCount()).toHaveText('Showing 13–18 of 18');
    await expect(catalogue.cards()).toHaveCount(6);

    // The header's filter bar writes q; a new search starts again at the first page.
    await catalogue.search('flash');
    await expect(page).toHaveURL(/\/assets\?q=flash$/);
    await expect(catalogue.resultCount()).toHaveText('Showing 1–3 of 3');
    await expect(catalogue.card('NX Flash Programmer')).toBeVisible();
    await expect(catalogue.card('Legacy Flasher')).toBeVisible();
    await expect(catalogue.card('NX Flash Programmer User Manual')).toBeVisible();

    await catalogue.category('Document').click();
    await expect(page).toHaveURL(/\/assets\?q=flash&categories=document$/);
    await expect(catalogue.category('Document')).toHaveAttribute('aria-pressed', 'true');
    await expect(catalogue.cards()).toHaveCount(1);
    await expect(catalogue.card('NX Flash Programmer User Manual')).toBeVisible();

    // The state is the URL's: a reload, or a shared link, shows the same.
    await page.reload();
    await expect(catalogue.cards()).toHaveCount(1);
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('flash');

    await page.goto('/assets?categories=software,content-pack&sort=updatedAt');
    await expect(catalogue.category('Software')).toHaveAttribute('aria-pressed', 'true');
    // A native select: the chosen option is what it shows.
    await expect(page.getByRole('combobox', { name: 'Sort by' }).locator('option:checked')).toHaveText(
      'Recently updated',
    );
    await expect(catalogue.cards()).toHaveCount(4);

    await catalogue.search('nothing matches this');
    await expect(page.getByRole('heading', { name: 'Nothing found' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect(page).toHaveURL(/\/assets\?sort=updatedAt$/);
    await expect(catalogue.cards()).toHaveCount(12);
  });

  test('has views for software, bundles and documents', async ({ page }) => {
    const catalogue = new CataloguePage(page);
    await page.goto('/assets/software');
    await expect(catalogue.resultCount()).toHaveText('Showing 1–12 of 12');
    await expect(catalogue.cards().filter({ hasText: /^Document|^Software bundle/ })).toHaveCount(0);

    await page.goto('/assets/software-bundles');
    await expect(catalogue.cards()).toHaveCount(2);
    await expect(catalogue.card('Motor Control Starter Bundle')).toBeVisible();
    // The unreleased radar bundle is not shown.
    await expect(catalogue.card('Radar Evaluation Bundle')).toHaveCount(0);

    await page.goto('/documents');
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    // Four public documents; the security manual is for signed-in users only.
    await expect(catalogue.cards()).toHaveCount(4);
    await catalogue.open('NX240 Datasheet');
    await expect(page).toHaveURL(/\/document\/doc-nx240-datasheet$/);
    await expect(page.getByRole('link', { name: /Open the document/ })).toHaveAttribute(
      'href',
      'https://www.example.com/docs/nx240-datasheet.pdf',
    );

    await page.goto('/document/doc-sec-security-manual');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found | Developer Portal');
    await expect(page.getByText('shown to signed-in users only')).toBeVisible();
  });

  test('shows a tool: the latest version by the rule, downloads with the Windows x64 default, sizes and checksums', async ({
    page,
  }, testInfo) => {
    const tool = new ToolPage(page);
    await page.goto('/tools/nx-flash-programmer');
    await expect(page.getByRole('heading', { level: 1, name: 'NX Flash Programmer' })).toBeVisible();
    await expect(tool.selectedVersion()).toHaveText('3.0.0 (latest)');
    await expect(tool.defaultDownload()).toHaveText('Download for Windows x64 (2.5 kB)');
    // Header row, then Windows x64 first, then the others.
    await expect(tool.files()).toHaveCount(4);
    await expect(tool.files().nth(1)).toContainText('nx-flash-programmer-3.0.0-windows-x64.exe');
    await expect(tool.files().nth(1)).toContainText('Default');
    await expect(page.getByRole('link', { name: 'nx-device-pack' })).toBeVisible();
    await expect(page.getByText('(version number 10000 or later)')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'NX Flash Programmer 3.0.0' })).toBeVisible();
    await page.getByRole('button', { name: 'Read the license agreement' }).click();
    await expect(page.getByText('Developer Portal Software License Agreement.')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('tool-page.png'), fullPage: true });

    // The default download is the file the page lists, byte for byte the checksum it shows.
    const shown = await tool.files().nth(1).locator('code').getAttribute('title');
    const downloading = page.waitForEvent('download');
    await tool.defaultDownload().click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('nx-flash-programmer-3.0.0-windows-x64.exe');
    const bytes = fs.readFileSync((await download.path())!);
    expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(shown);

    await tool.chooseVersion('2.3.0');
    await expect(page).toHaveURL(/\/tools\/nx-flash-programmer\?version=2\.3\.0$/);
    await expect(tool.files()).toHaveCount(3);
    await expect(page.getByText('This version needs no other tool.')).toBeVisible();
    await expect(page.getByText('The latest version is 3.0.0.')).toBeVisible();

    // An online tool prefers its version labelled online, external software the one labelled external.
    await page.goto('/assets/power-designer-online');
    await expect(tool.selectedVersion()).toHaveText('online (latest)');
    await expect(page.getByRole('link', { name: /Open the online tool/ })).toHaveAttribute(
      'href',
      'https://www.example.com/tools/power-designer',
    );
    await page.goto('/assets/partner-rtos');
    await expect(tool.selectedVersion()).toHaveText('external (latest)');

    await page.goto('/assets/no-such-tool');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  test('restricts export-controlled downloads and offers the request for access', async ({ page }) => {
    await page.goto('/assets/secureboot-signer');
    await expect(page.getByRole('heading', { level: 1, name: 'SecureBoot Signing Tool' })).toBeVisible();
    await expect(page.getByText('Sign in to download this version.')).toBeVisible();
    await expect(new ToolPage(page).defaultDownload()).toHaveCount(0);
    for (const button of await page.getByRole('button', { name: /^Download / }).all())
      await expect(button).toBeDisabled();
    await expect(page.getByText('ECCN 5D002, AL 5D002')).toBeVisible();

    await page.getByRole('region', { name: 'Downloads' }).getByRole('link', { name: 'Login' }).click();
    await signInFromLoginPage(page, 'internal@portal.test', /\/assets\/secureboot-signer$/);
    await expect(page.getByText('Restricted by export control')).toBeVisible();
    await page.getByRole('button', { name: 'Request access' }).click();
    await page.getByLabel('What will you use it for?').fill('Secure boot of our industrial gateways.');
    await page.getByRole('button', { name: 'Send the request' }).click();
    await expect(new Notifications(page).entry('Your access request has been sent.')).toBeVisible();
    await expect(page.getByText('Your access request is being reviewed.')).toBeVisible();
    for (const button of await page.getByRole('button', { name: /^Download / }).all())
      await expect(button).toBeDisabled();
  });

  test('shows a bundle with its tools, documents and versions', async ({ page }) => {
    await page.goto('/software-bundles/BND-MOTOR-STARTER');
    await expect(page.getByRole('heading', { level: 1, name: 'Motor Control Starter Bundle' })).toBeVisible();
    // The catalogue key is an alias: the address becomes the bundle's UUID (spec §2.1).
    await expect(page).toHaveURL(
      /\/software-bundles\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    const tools = page.getByRole('group', { name: 'Choose the tools you need' });
    await expect(tools.getByRole('checkbox', { name: 'NX Flash Programmer' })).toBeChecked();
    await expect(tools.getByRole('checkbox', { name: 'NX Motor Control Library' })).not.toBeChecked();
    await expect(page.getByRole('link', { name: 'NX240 Datasheet' })).toHaveAttribute(
      'href',
      '/document/doc-nx240-datasheet',
    );
    await expect(page.getByRole('heading', { name: 'Version 2025.1' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'NX Flash Programmer 3.0.0' })).toHaveAttribute(
      'href',
      '/assets/nx-flash-programmer?version=3.0.0',
    );
    await page.goto('/software-bundles/BND-RADAR-EVAL');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test.describe('cart (spec §4), kept in local storage', () => {
  test('adds tools, bundles and custom bundles once each, counted in the header of every tab', async ({
    page,
    context,
  }) => {
    const other = await context.newPage();
    await other.goto('/welcome');
    await expectCartCount(other, 0);

    const tool = new ToolPage(page);
    await page.goto('/assets/nx-flash-programmer');
    await tool.addToCart('Request', '3.0.0');
    await expect(new Notifications(page).entry('Added to the cart')).toBeVisible();
    await expectCartCount(page, 1);
    await expectCartCount(other, 1);

    await page.goto('/assets/nx-motor-control-lib');
    await tool.addToCart('Buy', '4.0.0');
    // Another version of a tool is another entry.
    await tool.chooseVersion('3.2.0');
    await tool.addToCart('Request', '3.2.0');
    await expectCartCount(other, 3);

    await page.goto('/software-bundles/BND-MOTOR-STARTER');
    await page.getByRole('checkbox', { name: 'NX Motor Control Library' }).check();
    await page.getByRole('button', { name: 'Request the bundle' }).click();
    await expectCartCount(page, 4);

    await page.goto('/assets/software-bundles');
    for (const attempt of [1, 2]) {
      const dialog = page.getByRole('dialog', { name: 'Build a custom bundle' });
      await openPopup(page.getByRole('button', { name: 'Build a custom bundle' }), dialog);
      await answerDialog(dialog, 'Add to cart', () => dialog.getByText('Name is required').isVisible());
      await dialog.getByLabel('Bundle name').fill('My lab setup');
      await dialog.getByRole('checkbox', { name: 'NX Flash Programmer (Tool)' }).check();
      if (attempt === 1) {
        await dialog.getByRole('checkbox', { name: 'Serial Terminal (Tool)' }).check();
        // Serial Terminal is requested on an external page, so the server refuses it in a bundle.
        await answerDialog(dialog, 'Add to cart', () => dialog.getByRole('alert').isVisible());
        await expect(dialog.getByRole('alert')).toContainText('These items cannot be requested.');
        await dialog.getByRole('checkbox', { name: 'Serial Terminal (Tool)' }).uncheck();
      }
      await dialog.getByRole('checkbox', { name: 'NX Device Pack (Content pack)' }).check();
      await answerDialog(dialog, 'Add to cart');
    }
    // The second custom bundle of the same name was the same entry: ignored, and said so.
    await expect(new Notifications(page).entry('Already in the cart')).toBeVisible();
    await expectCartCount(page, 5);
    await expectCartCount(other, 5);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'));
    expect(stored.map((entry: { type: string }) => entry.type)).toEqual([
      'tool',
      'tool',
      'tool',
      'bundle',
      'custom-bundle',
    ]);

    // The same tool version added again is ignored.
    await page.goto('/assets/nx-flash-programmer');
    await expect(page.getByRole('link', { name: 'In the cart: go to the cart' })).toBeVisible();

    // The cart itself needs sign-in.
    await cartLink(page).click();
    await new LoginPage(page).expectShown();
    await signInFromLoginPage(page, 'csa@portal.test', /\/cart$/);
    const cart = new CartPage(page);
    await expect(cart.entries('To buy')).toHaveCount(1);
    await expect(cart.section('To buy')).toContainText('€499.00');
    await expect(cart.entries('To request')).toHaveCount(4);
    await expect(cart.section('To request')).toContainText(
      'Custom bundle: NX Flash Programmer, NX Device Pack',
    );

    await page.getByRole('button', { name: 'Clear the items to buy' }).click();
    await expect(cart.section('To buy')).toHaveCount(0);
    await expectCartCount(other, 4);
    await page.getByRole('button', { name: 'Remove Motor Control Starter Bundle from the cart' }).click();
    await expect(cart.entries('To request')).toHaveCount(3);
    // No empty strip at the foot of "To request", where no subtotal follows: no rule under its last entry and no
    // padding under the list.
    await expect(cart.entries('To request').last()).toHaveCSS('border-bottom-width', '0px');
    await expect(cart.entries('To request').first()).not.toHaveCSS('border-bottom-width', '0px');
    await expect(cart.section('To request').getByRole('list')).toHaveCSS('padding-bottom', '0px');

    const clear = page.getByRole('dialog', { name: 'Clear the cart?' });
    await openPopup(page.getByRole('button', { name: 'Clear the cart' }), clear);
    await answerDialog(clear, 'Clear the cart');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expectCartCount(page, 0);
    await expectCartCount(other, 0);
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
  });
});
