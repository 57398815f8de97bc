import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ESIM_SERIAL_NUMBER, type Project } from '@portal/resources';
import { seedDemoProjects } from '../src/db/demo-projects.js';
import { startTestApp, type TestApp } from './support/app.js';
import { signIn } from './support/sign-in.js';
import { projectTestKit } from './projects-support.js';

let t: TestApp;
const kit = projectTestKit(() => t);

beforeAll(async () => {
  t = await startTestApp();
  await t.database.db.transaction((tx) => seedDemoProjects(tx));
});
afterAll(() => t?.close());

describe('demo projects', () => {
  it('give the demo customer three projects, one awaiting cancellation, and the promoted user a secure one', async () => {
    const customer = await signIn(t.app, { email: 'customer@portal.test' });
    const mine = kit.expectOk<Project[]>(await kit.call('GET', 'projects/user', customer));
    expect(mine.map((p) => p.name).sort()).toEqual([
      'Motor control demo',
      'Power stage evaluation',
      'Sensor fusion',
    ]);
    expect(mine.find((p) => p.name === 'Sensor fusion')?.status).toBe('cancellation-requested');
    const motor = mine.find((p) => p.name === 'Motor control demo')!;
    expect([motor.substitute?.email, motor.fae?.email]).toEqual([
      'promoted@portal.test',
      'internal@portal.test',
    ]);
    expect(kit.expectOk(await kit.call('GET', 'projects/user/secure', customer))).toEqual({
      hasSecure: true,
    });

    const promoted = await kit.mfaToken('promoted@portal.test');
    const secure = kit.expectOk<Project[]>(await kit.call('GET', 'projects/user', promoted));
    expect(secure.find((p) => p.secure)?.name).toBe('Secure element trial');
  });

  it('add the eSIM board with profiles to hand out', async () => {
    const customer = await signIn(t.app, { email: 'customer@portal.test' });
    const project = await kit.registered(customer, DEFAULT_ESIM_SERIAL_NUMBER);
    expect(project.board.name).toBe('ESIM_Evaluation_Kit');
    expect(kit.expectOk(await kit.call('GET', 'eSim/profile', customer))).toMatchObject({
      serviceProviderName: 'Example Mobile',
    });
  });
});
