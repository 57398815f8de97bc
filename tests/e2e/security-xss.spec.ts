import { expect, test, type Page } from '../support/test.js';
import { AdminApi } from '../support/admin-api.js';
import { AdminConsole } from '../support/admin-console.js';
import { latestMailTo } from '../support/outbox.js';
import { LoginPage, accessTokenOf } from '../support/pages.js';
import { signInAt } from '../support/saved-sign-in.js';
import { closeWithEscape, openPopup } from '../support/popups.js';

/**
 * Stored XSS through the real pages: payloads in every user text the API accepts must show as text; a set flag, an
 * alert, a probe element or a CSP violation naming a payload would each give one away.
 */
const run = Date.now().toString(36);

/** A payload for one field: a recognisable text, then markup that would run or become elements. */
function probe(field: string): { text: string; visible: string } {
  const marker = `xss-${field}-${run}`;
  return {
    visible: `${marker} <img src=x`,
    // Under 255 characters: the longest limit of the name fields.
    text:
      `${marker} <img src=x data-xss-probe=1 onerror="window.__xss=1;alert(1)">` +
      `<script>window.__xss=2</script><svg data-xss-probe=1 onload=alert(3)></svg>"><b data-xss-probe=1>b</b>`,
  };
}

declare global {
  interface Window {
    __xss?: string;
    __cspViolations?: string[];
  }
}

/** Watches a page for any sign of a payload running or being parsed. */
async function guard(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push(`${event.violatedDirective}: ${event.sample}`);
    });
  });
  return async (where: string) => {
    // Until an onerror/onload handler would have fired: every image has loaded or failed, and the task that runs
    // its handler has had its turn (a state, not a fixed pause a busy machine could outrun).
    await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(await page.evaluate(() => window.__xss), `${where}: a payload ran`).toBeUndefined();
    expect(dialogs, `${where}: a payload opened a dialog`).toEqual([]);
    expect(await page.locator('[data-xss-probe]').count(), `${where}: markup became elements`).toBe(0);
    const violations = await page.evaluate(() => window.__cspViolations ?? []);
    expect(
      violations.filter((v) => /xss|alert/i.test(v)),
      `${where}: a payload reached the CSP`,
    ).toEqual([]);
  };
}

async function expectLiteral(page: Page, payload: { visible: string }, where: string) {
  await expect(
    page.getByText(payload.visible).first(),
    `${where}: the text is shown literally`,
  ).toBeVisible();
}

test.describe('stored XSS', () => {
  test('the guard notices markup that became elements, and a script that ran (the control)', async ({
    page,
  }) => {
    const inert = await guard(page);
    await page.goto('/welcome');
    await inert('welcome page');
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<b data-xss-probe=1>x</b>'));
    await expect(inert('markup inserted')).rejects.toThrow(/markup became elements/);
    await page.goto('/welcome');
    await page.evaluate(() => {
      window.__xss = 'ran';
    });
    await expect(inert('flag set')).rejects.toThrow(/a payload ran/);
  });

  test('user texts show as text in the admin console, and nothing runs', async ({ page, request }) => {
    const api = await AdminApi.signIn(request);
    const payloads = {
      partner: probe('partner'),
      questionnaire: probe('questionnaire'),
      question: probe('question'),
      choice: probe('choice'),
      toolName: probe('tool-name'),
      toolDescription: probe('tool-description'),
      flag: probe('flag'),
      board: probe('board'),
      maintenance: probe('maintenance'),
    };
    const partner = await api.post<{ id: string }>('partners', {
      name: payloads.partner.text,
      linkUrl: 'https://partner.example.com',
    });
    const questionnaire = await api.post<{ id: string }>('questionnaires', {
      name: payloads.questionnaire.text,
      questions: [
        {
          type: 'single-select',
          title: payloads.question.text,
          description: null,
          choices: [
            { option: payloads.choice.text, description: null, group: null },
            { option: 'Plain', description: null, group: null },
          ],
          dependentQuestions: [],
          optional: false,
          autofillType: 'none',
        },
      ],
    });
    const tool = await api.post<{ id: string }>('software', {
      name: payloads.toolName.text,
      featureId: `xss-tool-${run}`,
      type: 'tool',
      icon: null,
      description: payloads.toolDescription.text,
      externalUrl: null,
      isOnlineTool: false,
      isInstallableViaLauncher: false,
      licenseText: null,
    });
    await api.post('feature-flags', {
      key: `xss-flag-${run}`,
      description: payloads.flag.text,
      enabled: false,
    });
    const [board] = await api.get<{ id: string; name: string }[]>('boards?range=%5B0%2C0%5D');
    const updated = await api.call('PUT', `boards/${board!.id}`, { description: payloads.board.text });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const maintenance = await api.call('PUT', 'maintenance', {
      text: payloads.maintenance.text,
      show: false,
    });
    expect(maintenance.status).toBe(200);

    // Links cannot carry script URLs at all.
    for (const [path, body] of [
      ['partners', { name: `xss-link-${run}`, linkUrl: 'javascript:alert(1)' }],
      [
        'partners',
        { name: `xss-link2-${run}`, linkUrl: 'https://ok.example', logoUrl: 'javascript:alert(1)' },
      ],
    ] as const) {
      const refused = await api.call('POST', path, body);
      expect(refused.status, `${path} with a javascript: URL`).toBe(400);
    }

    const inert = await guard(page);
    const admin = new AdminConsole(page);
    // Searched for, so partners other specs made cannot push it off the first page.
    const search = encodeURIComponent(JSON.stringify({ q: payloads.partner.visible.split(' ')[0] }));
    await admin.signIn('admin@portal.test', `/admin/partners?filter=${search}`);
    await expectLiteral(page, payloads.partner, 'partners list');
    await inert('partners list');
    await page.goto(`/admin/partners/${partner.id}`);
    await expect(page.getByRole('textbox').first()).toBeVisible();
    await inert('partner form');

    await page.goto('/admin/questionnaires');
    await expectLiteral(page, payloads.questionnaire, 'questionnaires list');
    await inert('questionnaires list');
    await page.goto(`/admin/questionnaires/${questionnaire.id}`);
    await expect(
      page
        .getByText(payloads.question.visible)
        .or(page.locator(`input[value^="${payloads.question.visible.split(' ')[0]}"]`))
        .first(),
    ).toBeAttached();
    await inert('questionnaire editor');

    await page.goto('/admin/software');
    await expectLiteral(page, payloads.toolName, 'software list');
    await inert('software list');
    await page.goto(`/admin/software/${tool.id}/show`);
    await expectLiteral(page, payloads.toolDescription, 'software page');
    await inert('software page');

    await page.goto('/admin/feature-flags');
    await expectLiteral(page, payloads.flag, 'feature flags list');
    await inert('feature flags list');

    await page.goto(`/admin/boards/${board!.id}`);
    await expect(page.getByRole('heading', { name: 'Board pages' })).toBeVisible();
    await inert('board page');
    await page.getByRole('link', { name: 'Edit details' }).click();
    await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue(payloads.board.text);
    await inert('board form');

    await page.goto('/admin/maintenance');
    await expect(page.locator('#react-admin-title')).toBeVisible();
    await inert('maintenance page');
    await page.screenshot({ path: test.info().outputPath('admin-maintenance.png') });
  });

  test('the maintenance banner shows its text literally in the customer app', async ({ page, request }) => {
    const api = await AdminApi.signIn(request);
    const payload = probe('banner');
    const response = await api.call('PUT', 'maintenance', { text: payload.text, show: true });
    expect(response.status).toBe(200);
    try {
      const inert = await guard(page);
      await page.goto('/welcome');
      await expectLiteral(page, payload, 'maintenance banner');
      await inert('maintenance banner');
      await page.screenshot({ path: test.info().outputPath('customer-banner.png') });
    } finally {
      await api.call('PUT', 'maintenance', { text: 'Back to normal', show: false });
    }
  });

  test('a profile name with markup shows literally in the customer app and the admin console', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const email = `xss.${run}@example.com`;
    const given = `xss-given-${run} <img src=x data-xss-probe="given" onerror="window.__xss='given'">`;
    const family = `<script>window.__xss='family'</script><b data-xss-probe="family">Fam</b>`;
    const company = `<svg data-xss-probe="company" onload="alert('company')"></svg>Co`;
    const inert = await guard(page);

    await page.goto('/welcome');
    await page
      .getByRole('banner')
      .getByRole('link', { name: 'Register' })
      .or(page.getByRole('banner').getByRole('button', { name: 'Register' }))
      .click();
    await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a-long-password');
    await page.getByLabel('Given name').fill(given);
    await page.getByLabel('Family name').fill(family);
    await page.getByLabel('Company').fill(company);
    await page.getByLabel('Country').fill('Netherlands');
    await page.getByRole('button', { name: 'Create account' }).click();
    // Either answer, once it is there: right after the click the registration page is still the one shown.
    const checkEmail = page.getByRole('heading', { name: 'Check your email' });
    const refusal = page.getByRole('alert');
    await expect(checkEmail.or(refusal)).toBeVisible();
    const refusedByProvider = await refusal.isVisible();
    if (refusedByProvider) {
      // The provider refused the names: nothing is stored, so nothing can be shown. Say so, and stop.
      await inert('registration page refusing markup');
      test
        .info()
        .annotations.push({ type: 'note', description: 'the registration page refuses markup in names' });
      return;
    }
    await inert('check-your-email page');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await new LoginPage(page).signIn(email, 'a-long-password');
    await expect(page).toHaveURL(/\/user-not-verified$/);
    await inert('user-not-verified page');
    const mail = await latestMailTo(email);
    const link = /(http:\/\/localhost:\d+\/oidc\/verify-email\?token=[\w-]+)/.exec(mail)?.[1];
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
    await inert('email confirmed page');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/my\/projects$/);
    await expect(page.getByText(`xss-given-${run} <img src=x`).first()).toBeVisible();
    await inert('my projects with the profile name');
    await openPopup(
      page.getByRole('banner').getByRole('button', { name: new RegExp(`xss-given-${run}`) }),
      page.getByRole('menu'),
    );
    await inert('profile menu');
    await closeWithEscape(page, page.getByRole('menu'));
    await page.screenshot({ path: test.info().outputPath('customer-profile-name.png') });

    // The admin console lists the person once they hold a role.
    const api = await AdminApi.signIn(request);
    await api.post('users/roles', { user: email, role: 'Internal User' });
    // Another browser: the provider's session cookie of this one belongs to the new user.
    const context = await browser.newContext({ baseURL });
    try {
      const adminPage = await context.newPage();
      const adminInert = await guard(adminPage);
      await new AdminConsole(adminPage).signIn('admin@portal.test', '/admin/user-roles');
      await expect(adminPage.getByText(email).first()).toBeVisible();
      await adminInert('user roles list');
      await adminPage.screenshot({ path: test.info().outputPath('admin-user-roles.png') });
    } finally {
      await context.close();
    }
  });

  test('board, project and design-in texts show literally on the customer’s project pages', async ({
    page,
    request,
    baseURL,
  }) => {
    const api = await AdminApi.signIn(request);
    const payloads = {
      description: probe('project-description'),
      board: probe('board-description'),
      partner: probe('board-partner'),
      link: probe('board-link'),
      gettingStarted: probe('getting-started'),
      step: probe('dip-step'),
      stepDescription: probe('dip-description'),
    };
    const boards = await api.get<
      {
        id: string;
        name: string;
        releasedForRegistration: boolean;
        restrictedAccess: boolean;
        secure: boolean;
        serialnumberRequired: boolean;
      }[]
    >('boards?range=%5B0%2C99%5D');
    const board = boards.find(
      (b) =>
        b.releasedForRegistration &&
        !b.restrictedAccess &&
        !b.secure &&
        !b.serialnumberRequired &&
        !b.name.startsWith('ESIM'),
    )!;
    expect((await api.call('PUT', `boards/${board.id}`, { description: payloads.board.text })).status).toBe(
      200,
    );
    const partner = await api.post<{ id: string }>('partners', {
      name: payloads.partner.text,
      linkUrl: 'https://partner.example.com',
    });
    await api.post(`boards/${board.id}/partners`, { partnerId: partner.id });
    await api.post(`boards/${board.id}/links`, {
      title: payloads.link.text,
      url: 'https://link.example.com',
    });
    const current = await api.get<{ id: string }[]>(`boards/${board.id}/getting-started`);
    const started = await api.call('PUT', `boards/${board.id}/getting-started`, {
      items: [
        ...current.map((item) => ({ id: item.id })),
        { title: payloads.gettingStarted.text, description: payloads.gettingStarted.text },
      ],
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const existingSteps = await api.get<{ steps: { id: string }[] }>(`boards/${board.id}/dip-steps`);
    const steps = await api.call('PUT', `boards/${board.id}/dip-steps`, {
      steps: [
        ...existingSteps.steps.map((step) => ({ ...step })),
        {
          title: `Step ${run}`,
          description: payloads.stepDescription.text,
          resolverRoles: ['project-member'],
          completer: null,
          completionType: 'check',
          confirmationRequired: false,
          csaReset: false,
          secure: false,
          childProject: null,
        },
      ],
    });
    const dipSaved = steps.status === 200;

    const inert = await guard(page);
    await signInAt(page, '/my/projects', 'customer@portal.test');
    const token = await accessTokenOf(page);
    // As a script would, with the customer's bearer token and no cookies.
    const register = (body: object) =>
      fetch(`${baseURL}/api/v1/projects?acceptServiceAgreement=true`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const registered = await register({
      name: `XSS project ${run}`,
      board: board.name,
      description: payloads.description.text,
    });
    expect(registered.status, await registered.clone().text()).toBe(201);
    const project = (await registered.json()) as { id: string };
    // Markup in the name is refused by the API (names are letters, digits, spaces, - and _).
    expect((await register({ name: '<img src=x onerror=alert(1)>', board: board.name })).status).toBe(400);

    await page.reload();
    await expect(page.getByText(`XSS project ${run}`).first()).toBeVisible();
    await inert('my projects');
    await page.goto(`/my/projects/${project.id}`);
    await expectLiteral(page, payloads.description, 'project page: description');
    await inert('project page');
    // Each tab that shows board texts: where the tab exists, its text is there, literally.
    for (const [tab, payload] of [
      ['Getting started', payloads.gettingStarted],
      ['Partners', payloads.partner],
      ['Related links', payloads.link],
    ] as const) {
      const control = page.getByRole('tab', { name: tab });
      if (!(await control.count())) {
        console.log(`security-xss: the project page has no ${tab} tab (yet)`);
        continue;
      }
      await control.click();
      // Either the text or the tab's "incomplete" notice, once the tab has loaded: not whatever shows at the click.
      const incomplete = page.getByText('Product/board data is incomplete');
      await expect(page.getByText(payload.visible).first().or(incomplete)).toBeVisible();
      if (await incomplete.isVisible()) {
        console.log(`security-xss: the project page could not load the board's texts for ${tab}`);
        await inert(`project page, ${tab}`);
        continue;
      }
      await expectLiteral(page, payload, `project page, ${tab}`);
      await inert(`project page, ${tab}`);
    }
    const dipShown = dipSaved && (await page.getByText(payloads.stepDescription.visible).count()) > 0;
    console.log(
      `security-xss: design-in step description ${dipShown ? 'shown' : 'not shown'} on the project page`,
    );
    await page.screenshot({ path: test.info().outputPath('customer-project.png'), fullPage: true });
    await inert('project page, all texts');
  });

  test('catalogue texts show literally on the customer’s catalogue pages', async ({ page, request }) => {
    const api = await AdminApi.signIn(request);
    const payloads = {
      name: probe('catalogue-name'),
      description: probe('catalogue-description'),
      version: probe('version-description'),
      notes: probe('release-notes'),
      license: probe('license'),
      link: probe('version-link'),
    };
    const featureId = `xss-catalogue-${run}`;
    const tool = await api.post<{ id: string }>('software', {
      name: payloads.name.text,
      featureId,
      type: 'tool',
      icon: null,
      description: payloads.description.text,
      externalUrl: null,
      isOnlineTool: false,
      isInstallableViaLauncher: false,
      licenseText: payloads.license.text,
    });
    await api.post(`software/${tool.id}/versions`, {
      version: '1.0.0',
      versionNumeric: 10000,
      description: payloads.version.text,
      orderable: true,
      tags: ['xss'],
      protocolLink: null,
      spn: null,
      price: null,
      public: true,
      canDownload: true,
      releaseNotes: payloads.notes.text,
      exportControlled: false,
      exportControlClassifications: [],
      links: [{ title: payloads.link.text, url: 'https://example.com/manual' }],
      dependencies: [],
      additionalAttributes: { Host: payloads.version.text },
    });

    const inert = await guard(page);
    await page.goto(`/assets?q=${encodeURIComponent(featureId)}`);
    await expectLiteral(page, payloads.name, 'catalogue list');
    await inert('catalogue list');
    await page.goto(`/assets/${featureId}`);
    await expectLiteral(page, payloads.description, 'tool page');
    await inert('tool page');
    for (const [name, payload] of Object.entries(payloads)) {
      const shown = await page.getByText(payload.visible).count();
      console.log(`security-xss: ${name} ${shown ? 'shown' : 'not shown'} on the tool page`);
    }
    await page.screenshot({ path: test.info().outputPath('customer-tool.png'), fullPage: true });
    // Open every part of the tool page that unfolds (release notes, license), then check again.
    for (const button of await page.getByRole('button', { name: /release notes|license/i }).all()) {
      await button.click();
      await inert('tool page, unfolded');
    }
    await page.keyboard.press('Escape');
  });
});
