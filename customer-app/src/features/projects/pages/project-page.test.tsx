import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProjectMember } from '@portal/resources';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { makeProject, renderPage } from '../test/render-page';
import { ProjectPage } from './project-page';

const me = makeUser();
const asMember = (roles: ProjectMember['roles']): ProjectMember => ({
  id: me.id,
  username: me.username,
  email: me.email,
  roles,
});

const boardContent = {
  ...makeProject().board,
  features: [],
  benefits: [],
  serialnumber: null,
  publicKey: null,
  primaryDocument: {
    id: '0f0f0f0f-0000-4000-8000-000000000001',
    title: 'SNS family datasheet',
    type: 'datasheet',
    filename: 'sns.pdf',
    url: 'https://documents.example.com/sns.pdf',
    source: 'sami',
    exclusive: false,
  },
  documents: [],
  gettingStarted: [
    {
      id: '0f0f0f0f-0000-4000-8000-000000000002',
      title: 'Run the first example',
      description: '<p>Flash <b>blinky</b>.</p>',
      order: 1,
      dipStepNumber: null,
    },
    {
      id: '0f0f0f0f-0000-4000-8000-000000000003',
      title: 'Unpack the kit',
      description: null,
      order: 0,
      dipStepNumber: null,
    },
  ],
  partners: [],
  links: [
    {
      id: '0f0f0f0f-0000-4000-8000-000000000004',
      title: 'Community forum',
      url: 'https://community.example.com',
      order: 0,
    },
  ],
  supportLink: 'mailto:support@example.com',
  secureConfig: null,
  tools: [
    {
      id: '0f0f0f0f-0000-4000-8000-000000000005',
      name: 'Flash Programmer',
      featureId: 'nx-flash',
      type: 'tool',
      icon: null,
      isOnlineTool: false,
    },
  ],
};

function show(project: ReturnType<typeof makeProject>, board: { status: number; body?: unknown }) {
  return renderPage(ProjectPage, {
    pattern: '/my/projects/:uid',
    path: `/my/projects/${project.uuid}`,
    user: me,
    answers: {
      [`projects/${project.uuid}`]: { status: 200, body: project },
      [`projects/${project.uuid}/board`]: board,
    },
  });
}

describe('/my/projects/{uid}', () => {
  it('shows a viewer the project read-only: a notice, and only their notification settings', async () => {
    const project = makeProject({
      name: 'Watched',
      members: [makeProject().owner, asMember(['company_space_viewer'])],
    });
    const { calls } = show(project, { status: 200, body: boardContent });
    expect(await screen.findByRole('heading', { level: 1, name: 'Watched' })).toBeTruthy();
    // Its board has no design-in process (no dipStatus): no section, and no request that can only fail.
    expect(calls.filter((call) => call.url.pathname.includes('/dip'))).toEqual([]);
    expect(screen.queryByTestId('design-in-process')).toBeNull();
    expect(screen.getByText('You can view this project but not change it.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['Notification settings']);
  });

  it('shows the board’s content in its tabs: tools, documents, getting started in order, links', async () => {
    const project = makeProject({ members: [{ ...asMember(['owner']) }] });
    const { router } = show(project, { status: 200, body: boardContent });
    expect(await screen.findByRole('link', { name: 'Flash Programmer' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Documents' }));
    expect(await screen.findByText('SNS family datasheet')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=documents');
    fireEvent.click(screen.getByRole('tab', { name: 'Getting started' }));
    const steps = within(screen.getByRole('tabpanel')).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('h3')?.textContent)).toEqual([
      'Unpack the kit',
      'Run the first example',
    ]);
    // Rich text is shown as text, never as markup.
    expect(screen.getByText('Flash blinky.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Related links' }));
    expect(screen.getByRole('link', { name: /Community forum/ }).getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Product support' }).getAttribute('href')).toBe(
      'mailto:support@example.com',
    );
  });

  it('says the product data is incomplete when the board content cannot be read, and retries', async () => {
    const project = makeProject({ members: [asMember(['owner'])] });
    const { calls } = show(project, { status: 404, body: { status: 404, type: 'not_found', errors: [] } });
    const alert = (await screen.findByText('Product/board data is incomplete', { exact: false })).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(alert).toBeTruthy();
    expect(alert.textContent).toMatch(/Trying again in \d+ s\./);
    const boardCalls = () => calls.filter((call) => call.url.pathname.endsWith('/board')).length;
    expect(boardCalls()).toBe(1);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(boardCalls()).toBe(2));
    // The project's own uploads do not depend on the board.
    fireEvent.click(screen.getByRole('tab', { name: 'Assets' }));
    expect(await screen.findByText('No files have been uploaded to this project yet.')).toBeTruthy();
  });

  it('shows a project it cannot load as not found, with the way back', async () => {
    renderPage(ProjectPage, {
      pattern: '/my/projects/:uid',
      path: '/my/projects/00000000-0000-4000-8000-00000000ffff',
      answers: {
        'projects/00000000-0000-4000-8000-00000000ffff': {
          status: 404,
          body: {
            status: 404,
            type: 'not_found',
            errors: [{ errorCode: 'not_found', resources: ['project'], messages: ['Project not found.'] }],
          },
        },
        'projects/00000000-0000-4000-8000-00000000ffff/board': { status: 404 },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Project not found.');
    expect(within(alert).getByRole('link', { name: 'Back to my projects' })).toBeTruthy();
  });
});
