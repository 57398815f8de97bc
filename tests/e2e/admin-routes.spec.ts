import { expect, test, type Page } from '../support/test.js';
import { AdminApi, boardNamed, ownQuestionnaire } from '../support/admin-api.js';
import { ConsoleWatch } from '../support/console-watch.js';
import { SHOWN_QUIET_MS, followInApp, watchRequests } from '../support/in-app.js';
import { signedInPage } from '../support/saved-sign-in.js';
import { answerDialog, openPopup } from '../support/popups.js';

/**
 * Every admin route of spec product §2.3 as every role (issue 19 points 2–4): shown cleanly to the roles it is for,
 * and "Access denied", with no API call but the console's who-am-I, to the others.
 */

interface Ids {
  board: string;
  dipBoard: string;
  software: string;
  bundle: string;
  questionnaire: string;
  question: string;
  /** A question with choices, in a questionnaire with other questions (both lists of its editor show). */
  choiceQuestion: string;
  partner: string;
  link: string;
}

/** The board pages under /admin/boards/{boardId}/ (spec §2.3), with `{linkId}` filled in. */
const boardPages = (ids: Ids) => [
  'tools/edit',
  'documents/edit',
  'documents/add',
  'getting-started/edit',
  'serialnumbers/edit',
  'serialnumbers/edit/add',
  'partners/edit',
  'links',
  'links/add',
  `links/edit/${ids.link}`,
  'edit-support',
  'restrictions',
  'validation',
  'dip',
  'secure-workflow',
  'next',
];

/** Every route of spec §2.3; `csa` marks those a company space admin may open too. */
function adminRoutes(ids: Ids): { path: string; csa?: boolean }[] {
  const questionnaire = `/admin/questionnaires/${ids.questionnaire}`;
  return [
    { path: '/admin', csa: true },
    { path: '/admin/statistics' },
    { path: '/admin/projects' },
    { path: '/admin/boards' },
    { path: `/admin/boards/${ids.board}` },
    ...boardPages(ids).map((page) => ({ path: `/admin/boards/${ids.board}/${page}` })),
    { path: `/admin/boards/${ids.dipBoard}/dip/1/getting-started` },
    { path: '/admin/user-roles' },
    { path: '/admin/service-accounts' },
    { path: '/admin/partners' },
    { path: '/admin/partners/add' },
    { path: `/admin/partners/edit/${ids.partner}` },
    { path: '/admin/feature-flags' },
    { path: '/admin/manage-assets' },
    { path: '/admin/software-and-tools' },
    { path: `/admin/software/${ids.software}/request-flow` },
    { path: `/admin/software/${ids.software}/versions` },
    { path: `/admin/softwarebundle/${ids.bundle}/request-flow` },
    { path: `/admin/softwarebundle/${ids.bundle}/versions` },
    { path: '/admin/questionnaires' },
    { path: '/admin/questionnaires/new' },
    { path: `${questionnaire}/edit` },
    { path: `${questionnaire}/question` },
    { path: `${questionnaire}/question/${ids.question}` },
    { path: '/admin/manage-metadata-keys' },
    { path: '/admin/company-spaces', csa: true },
    { path: '/admin/manage-board-csa-link' },
    { path: '/admin/manage-board-csv-link', csa: true },
    { path: '/admin/test-adf' },
    { path: '/admin/test-gtm' },
    { path: '/admin/maintenance' },
  ];
}

let ids: Ids;
/** What beforeAll made, as the paths that delete it: deleted afterwards even when beforeAll stopped half-way. */
const made: string[] = [];
let setupApi: AdminApi | undefined;
let dispose: (() => Promise<void>) | undefined;

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  dispose = () => request.dispose();
  setupApi = await AdminApi.signIn(request);
  // Data of its own, or seeded records by name: the specs share one database, and the first or last of a list can
  // be another spec's record, half-made when that spec failed (or deleted).
  const board = (await boardNamed(setupApi, 'SNS261_Pro_Kit')).id;
  const dipBoard = (await boardNamed(setupApi, 'NX114_Starter_Kit')).id;
  // A seeded tool (its pages are only opened): a tool made here would count in the customer catalogue's items.
  const tools = await setupApi.get<{ id: string; featureId: string }[]>(
    `software?filter=${encodeURIComponent(JSON.stringify({ q: 'nx-flash-programmer' }))}`,
  );
  const software = tools.find((tool) => tool.featureId === 'nx-flash-programmer')!.id;
  const run = Date.now().toString(36);
  const bundle = await setupApi.post<{ uuid: string }>('software-bundles', {
    uuid: `route-walk-bundle-${run}`,
    name: `Route Walk Bundle ${run}`,
    orderable: true,
    released: false,
    iconUrl: null,
    hardwareNames: [],
    toolFeatureIds: ['nx-flash-programmer'],
    documentFeatureIds: [],
    questionnaireId: null,
    requestFlow: 'cart',
  });
  made.push(`software-bundles/${bundle.uuid}`);
  const questionnaire = await ownQuestionnaire(setupApi, `Route Walk Questionnaire ${run}`);
  made.push(`questionnaires/${questionnaire.id}`);
  const partner = await setupApi.post<{ id: string }>('partners', {
    name: `Route Walk Partner ${run}`,
    linkUrl: 'https://partner.example.com',
  });
  made.push(`partners/${partner.id}`);
  const link = await setupApi.post<{ id: string }>(`boards/${board}/links`, {
    title: 'Route walk link',
    url: 'https://example.com/route-walk',
  });
  made.push(`boards/${board}/links/${link.id}`);
  ids = {
    board,
    dipBoard,
    software,
    bundle: bundle.uuid,
    questionnaire: questionnaire.id,
    question: questionnaire.questions[0]!.id,
    choiceQuestion: questionnaire.questions.find((item) => item.type === 'single-select')!.id,
    partner: partner.id,
    link: link.id,
  };
});

test.afterAll(async () => {
  for (const path of made.reverse()) await setupApi?.call('DELETE', path);
  await dispose?.();
});

/**
 * The routes a role without the console loads in full: the console's root and a deep link to a record. The console
 * decides at its start, whatever the path, so the other routes are followed in the loaded page, and a load of each
 * is checked to get that same document.
 */
const fullyLoaded = (ids: Ids) => ['/admin', `/admin/boards/${ids.board}/links/edit/${ids.link}`];

/** The calls every console start makes: the portal's configuration and who the user is. */
const WHO_AM_I = ['config', 'users/me'];
const otherCalls = (paths: string[]) => paths.filter((call) => !WHO_AM_I.includes(call));

const accessDenied = (page: Page) => page.getByRole('heading', { name: 'Access denied', level: 1 });

/** Opens `path` in the role's tab by loading it and waits until the page has made every call it makes. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

test.describe('every admin route as every role', () => {
  test('an admin opens every route without a script error, an error toast or a raw key', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const page = await signedInPage(browser, 'admin@portal.test', '/admin');
    const watch = await ConsoleWatch.on(page);
    await open(page, '/admin');
    for (const { path } of adminRoutes(ids)) {
      await followInApp(page, path);
      await expect(accessDenied(page), path).toHaveCount(0);
      await expect(page.getByText('Something went wrong'), path).toHaveCount(0);
      await watch.expectClean(path);
    }

    // Icon buttons say what they do: the question editor's two lists each have their own add button.
    await open(page, `/admin/questionnaires/${ids.questionnaire}/question/${ids.choiceQuestion}`);
    await expect(page.getByRole('button', { name: 'Add a choice' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Add a dependent question' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);

    // A design-in step's rich-text description is edited as text, not as its markup.
    await open(page, `/admin/boards/${ids.dipBoard}/dip`);
    const description = page.getByRole('textbox', { name: 'What the customer has to do' }).first();
    await expect(description).not.toHaveValue('');
    expect(await description.inputValue()).not.toMatch(/<\/?p>/);
    await page.context().close();
  });

  test('a company space admin ends on access-denied on every admin-only route, calls no API for it, and opens theirs', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const page = await signedInPage(browser, 'csa@portal.test', '/admin');
    const watch = await ConsoleWatch.on(page);
    await open(page, '/admin');
    for (const { path, csa } of adminRoutes(ids)) {
      // The console sends the move on to its access-denied page, which draws after the calls it makes.
      const denied = async () => {
        await expect(page, path).toHaveURL(/\/admin\/access-denied$/);
        await expect(accessDenied(page), path).toBeVisible();
      };
      const calls = await followInApp(page, path, csa ? {} : { shown: denied });
      if (csa) {
        await expect(accessDenied(page), path).toHaveCount(0);
      } else {
        await expect(page, path).toHaveURL(/\/admin\/access-denied$/);
        await expect(accessDenied(page), path).toBeVisible();
        // Only the start's own calls: the guard decides before any page asks for data.
        expect(otherCalls(calls), path).toEqual([]);
        await expect(page.getByRole('heading', { name: 'Maintenance banner' }), path).toHaveCount(0);
      }
      await watch.expectClean(path);
    }
    await page.context().close();
  });

  for (const email of ['customer@portal.test', 'internal@portal.test', 'promoted@portal.test']) {
    test(`${email} sees the console's access-denied page on every admin route`, async ({ browser }) => {
      test.setTimeout(240_000);
      const page = await signedInPage(browser, email);
      // The customer page the role signed in on first makes all its calls, so none of them is counted as the
      // console's.
      await page.waitForLoadState('networkidle');
      const watch = await ConsoleWatch.on(page);
      const loadFully = new Set(fullyLoaded(ids));
      let consoleDocument: string | undefined;
      for (const { path } of adminRoutes(ids)) {
        let calls: string[];
        if (loadFully.has(path)) {
          const requests = watchRequests(page);
          const response = await page.goto(path);
          consoleDocument ??= await response!.text();
          // The console decides at its start, before it routes: once the page shows, the start has made its
          // calls. A while of quiet after it still catches a call the page would make once shown.
          await expect(accessDenied(page), path).toBeVisible();
          await requests.settled(SHOWN_QUIET_MS);
          requests.stop();
          calls = requests.apiPaths;
        } else {
          calls = await followInApp(page, path, {
            shown: () => expect(accessDenied(page), path).toBeVisible(),
          });
        }
        await expect(accessDenied(page), path).toBeVisible();
        await expect(
          page.getByText('You do not have permission to open the admin console.'),
          path,
        ).toBeVisible();
        expect(otherCalls(calls), path).toEqual([]);
        await watch.expectClean(path);
        // A load of this path gets the same console document, whose start decides as above whatever the path.
        const answer = await page.request.get(path, { headers: { accept: 'text/html' } });
        expect(answer.status(), path).toBe(200);
        expect(await answer.text(), path).toBe(consoleDocument);
      }
      await page.context().close();
    });
  }
});

test.describe('admin changes', () => {
  test('are translated in their toasts and sent at once: a reload right after a save or a delete keeps it', async ({
    browser,
    request,
  }) => {
    const api = await AdminApi.signIn(request);
    const page = await signedInPage(browser, 'admin@portal.test', '/admin');
    const watch = await ConsoleWatch.on(page);

    // Create: the toast says so in words, not as a catalogue key.
    await open(page, '/admin/feature-flags/create');
    await page.getByRole('textbox', { name: 'Key' }).fill('route-walk-flag');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.RaNotification-success')).toHaveText('Element created');
    await watch.expectClean('feature flag created');

    // Edit and reload at once: the change is on the server.
    const flag = (await api.get<{ id: string; key: string }[]>('feature-flags')).find(
      (each) => each.key === 'route-walk-flag',
    )!;
    await open(page, `/admin/feature-flags/${flag.id}`);
    await page.getByRole('textbox', { name: 'Description' }).fill('Kept across a reload');
    await page.getByRole('button', { name: 'Save' }).click();
    // The toast is the console saying "done"; a reload at that moment must not lose the change.
    await expect(page.locator('.MuiSnackbarContent-root')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Kept across a reload')).toBeVisible();
    expect((await api.get<{ description: string }>(`feature-flags/${flag.id}`)).description).toBe(
      'Kept across a reload',
    );

    // Delete and reload at once: it is gone.
    // Deletes are pessimistic: the console always asks first.
    await openPopup(page.getByRole('button', { name: 'Delete' }), page.getByRole('dialog'));
    await answerDialog(page.getByRole('dialog'), 'Confirm');
    await expect(page.locator('.MuiSnackbarContent-root')).toBeVisible();
    await page.reload();
    expect((await api.call('GET', `feature-flags/${flag.id}`)).status).toBe(404);
    await watch.expectClean('feature flag deleted');
    await page.context().close();
  });
});
