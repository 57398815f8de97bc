import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@portal/resources';
import { startTestApp, type TestApp } from './support/app.js';
import { signIn, type Tokens } from './support/sign-in.js';
import { demoBoards, projectTestKit } from './projects-support.js';

let t: TestApp;
const kit = projectTestKit(() => t);
let customer: Tokens;

beforeAll(async () => {
  // A real provider's domains instead of the demo one.
  t = await startTestApp({ PROVIDER_EMAIL_DOMAINS: 'provider.com,provider.cn' });
  customer = await signIn(t.app, { email: 'customer@portal.test' });
});
afterAll(() => t?.close());

describe('PROVIDER_EMAIL_DOMAINS', () => {
  it('decides who may be FAE: on assignment, at registration and on change', async () => {
    const boards = await demoBoards(t);
    const fae = await kit.account('fae@provider.cn');
    const project = await kit.registered(customer, boards.noSerial.name, { name: 'Configured FAE' });

    const assigned = kit.expectOk<Project>(
      await kit.call('POST', `projects/${project.id}/fae`, customer, { email: fae.email }),
    );
    expect(assigned.fae?.email).toBe('fae@provider.cn');
    // The demo domain is no provider domain here.
    kit.expectError(
      await kit.call('POST', `projects/${project.id}/fae`, customer, { email: 'internal@portal.test' }),
      400,
      'invalid_request',
    );
    kit.expectError(
      await kit.call('PATCH', `projects/${project.id}`, customer, {
        uuid: project.id,
        fae: 'internal@portal.test',
      }),
      400,
      'invalid_request',
    );
    const created = await kit.register(customer, boards.noSerial.name, { name: 'With FAE', fae: fae.email });
    expect(created.statusCode, created.body).toBe(201);
  });
});
