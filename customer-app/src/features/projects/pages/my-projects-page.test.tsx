import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIST_MAX_OFFSET } from '@portal/resources';
import { makeUser } from '../../../test/fixtures';
import { listAnswer, makeProject, renderPage } from '../test/render-page';
import { MyProjectsPage } from './my-projects-page';

const promoted = makeUser({ roles: [{ name: 'Promoted User' }] });

function show(path: string, answers: Parameters<typeof renderPage>[1]['answers'], options = {}) {
  return renderPage(MyProjectsPage, {
    pattern: '/my/projects',
    path,
    answers: { 'projects/groups/user': { status: 200, body: [] }, ...answers },
    ...options,
  });
}

// MUI pages render slowly in jsdom on a busy machine.
describe('/my/projects', () => {
  it('shows the empty state when the user has no project at all', async () => {
    show('/my/projects', {
      'projects/user': listAnswer([]),
      'projects/user/secure': { status: 200, body: { hasSecure: false } },
    });
    expect(await screen.findByRole('heading', { name: 'You have no projects yet' })).toBeTruthy();
    expect(screen.queryByText('List of projects is incomplete')).toBeNull();
  });

  it('says the list is incomplete and offers the step-up when secure projects are left out', async () => {
    show(
      '/my/projects',
      {
        'projects/user': listAnswer([makeProject({ name: 'Open one' })]),
        'projects/user/secure': { status: 200, body: { hasSecure: true } },
      },
      { user: promoted },
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('List of projects is incomplete');
    const stepUp = within(alert).getByRole('link', { name: 'Sign in with second factor' });
    expect(stepUp.getAttribute('href')).toBe('/login?redirectTo=%2Fmy%2Fprojects&useMFA=true');
    expect(screen.getByRole('link', { name: 'Open one' })).toBeTruthy();
  });

  it('tells a user who may not open secure projects why the list is incomplete, without a step-up', async () => {
    show('/my/projects', {
      'projects/user': listAnswer([makeProject()]),
      'projects/user/secure': { status: 200, body: { hasSecure: true } },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('your account is not enabled for them');
    expect(within(alert).queryByRole('link')).toBeNull();
  });

  it('is complete with the second factor', async () => {
    show(
      '/my/projects',
      {
        'projects/user': listAnswer([makeProject()]),
        'projects/user/secure': { status: 200, body: { hasSecure: true } },
      },
      { user: promoted, mfa: true },
    );
    expect(await screen.findByText('1 project')).toBeTruthy();
    expect(screen.queryByText('List of projects is incomplete')).toBeNull();
  });

  it('says the list is incomplete when the secure check fails, and retries', async () => {
    let failing = true;
    show('/my/projects', {
      'projects/user': listAnswer([makeProject()]),
      'projects/user/secure': () =>
        failing
          ? { status: 500, body: { status: 500, type: 'x', errors: [] } }
          : { status: 200, body: { hasSecure: false } },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Part of the list could not be loaded.');
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('List of projects is incomplete')).toBeNull());
  });

  it('asks the server for the sort, order and filters of the URL', async () => {
    const { calls } = show('/my/projects?sort=name&status=active,cancelled&group=None&q=motor', {
      'projects/user': listAnswer([makeProject()]),
      'projects/user/secure': { status: 200, body: { hasSecure: false } },
    });
    await screen.findByText('1 project');
    const list = calls.find((call) => call.url.pathname.endsWith('/projects/user'))!;
    expect(JSON.parse(list.url.searchParams.get('sort')!)).toEqual(['name', 'ASC']);
    expect(JSON.parse(list.url.searchParams.get('filter')!)).toEqual({
      q: 'motor',
      status: ['active', 'cancelled'],
      group: 'None',
    });
  });

  it('groups the projects by project group, no group last, and pages on with "show more"', async () => {
    const first = [
      makeProject({ name: 'Beta one', group: 'Beta' }),
      makeProject({ name: 'Loose', group: null }),
    ];
    const second = [makeProject({ name: 'Alpha one', group: 'Alpha' })];
    show('/my/projects?groupBy=group', {
      'projects/user': (url) =>
        JSON.parse(url.searchParams.get('range')!)[0] === 0 ? listAnswer(first, 3) : listAnswer(second, 3, 2),
      'projects/user/secure': { status: 200, body: { hasSecure: false } },
    });
    await screen.findByText('3 projects');
    const headings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings()).toEqual(['Beta (1)', 'No group (1)']);
    fireEvent.click(screen.getByRole('button', { name: 'Show more projects (2 of 3)' }));
    await screen.findByRole('link', { name: 'Alpha one' });
    expect(headings()).toEqual(['Alpha (1)', 'Beta (1)', 'No group (1)']);
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
  });

  it('offers no page past the deepest the server answers and says to search or filter instead', async () => {
    // The page ending just past LIST_MAX_OFFSET: the next one would start beyond it.
    const page = [makeProject({ name: 'Deep one' }), makeProject({ name: 'Deep two' })];
    show('/my/projects', {
      'projects/user': listAnswer(page, 50_000, LIST_MAX_OFFSET - 1),
      'projects/user/secure': { status: 200, body: { hasSecure: false } },
    });
    await screen.findByText(/search or filter to find the others/);
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
  });
});
