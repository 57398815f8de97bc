import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ESIM_SERIAL_NUMBER, type Project } from '@portal/resources';
import { seedDemoProjects } from '../src/db/demo-projects.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, signIn } from './support/sign-in.js';
import { projectTestKit } from './projects-support.js';

let t: TestApp;
const kit = projectTestKit(() => t);

beforeAll(async () => {
  // The embedded demo data holds the projects (issue 45); the tests' snapshot leaves them out, so add them here.
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

  it('span two company spaces, with design-in, an open invitation and their history', async () => {
    const csa = await signIn(t.app, { email: 'csa@portal.test' });
    const admin = await signIn(t.app, { email: 'admin@portal.test' });
    const ofSpace = kit.expectOk<{ name: string; companyName: string | null; dipStatus: string | null }[]>(
      await kit.call('GET', 'projects/user', csa),
    );
    // The company space admin sees their space's projects, not the other space's (the secure one after MFA only).
    expect(ofSpace.map((p) => p.name).sort()).toEqual([
      'Motor control demo',
      'Power stage evaluation',
      'Sensor fusion',
    ]);
    const every = kit.expectOk<{ name: string; companyName: string | null; dipStatus: string | null }[]>(
      await kit.call('GET', 'projects', admin),
    );
    expect(new Set(every.map((p) => p.companyName))).toEqual(new Set(['Acme Devices', 'Initech Sensors']));
    expect(
      every
        .filter((p) => p.dipStatus !== null)
        .map((p) => p.name)
        .sort(),
    ).toEqual(['Motor control demo', 'Secure element trial']);
    const history = await t.app.inject({
      url: `/api/v1/audit-log?filter=${encodeURIComponent(JSON.stringify({ entity: 'project', action: 'create_invitation' }))}`,
      headers: bearer(admin),
    });
    expect(history.json<{ actor: { email: string } }[]>().map((r) => r.actor.email)).toEqual([
      'customer@portal.test',
    ]);
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
