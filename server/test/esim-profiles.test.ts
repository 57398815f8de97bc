import { and, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ESIM_SERIAL_NUMBER, type ESimProfile, type Project } from '@portal/resources';
import { esimProfiles } from '../src/db/tables.js';
import { ESIM_REGISTRATIONS } from '../src/modules/projects/esim-profiles.module.js';
import { startTestApp, type TestApp } from './support/app.js';
import { signIn, type Tokens } from './support/sign-in.js';
import { projectTestKit } from './projects-support.js';

/**
 * eSIM profiles are not a free-for-all (issue 17): one per user at a time, given back to the pool when the eSIM
 * project is deleted or cancelled, and registrations limited per user.
 */
let t: TestApp;
const kit = projectTestKit(() => t);
const { call, expectError, expectOk, register, registered } = kit;
let customer: Tokens;
let admin: Tokens;

beforeAll(async () => {
  t = await startTestApp();
  [customer, admin] = await Promise.all([
    signIn(t.app, { email: 'customer@portal.test' }),
    signIn(t.app, { email: 'admin@portal.test' }),
  ]);
});
afterAll(() => t?.close());

const pool = async () =>
  (
    await t.database.db
      .select({ id: esimProfiles.id })
      .from(esimProfiles)
      .where(and(isNull(esimProfiles.projectId), isNull(esimProfiles.userId)))
  ).length;
const esimProject = (tokens: Tokens) => registered(tokens, DEFAULT_ESIM_SERIAL_NUMBER, { name: 'Tracker' });

describe('eSIM profiles', () => {
  it('one per user: a second eSIM project while one is held is refused and takes nothing from the pool', async () => {
    const before = await pool();
    const project = await esimProject(customer);
    expectOk<ESimProfile>(await call('GET', 'eSim/profile', customer));
    expect(await pool()).toBe(before - 1);
    expectError(await register(customer, DEFAULT_ESIM_SERIAL_NUMBER, { name: 'Hoard' }), 409, 'duplicate');
    expect(await pool()).toBe(before - 1);
    // Deleting the project gives the profile back.
    expectOk(await call('DELETE', `projects/${project.id}`, customer));
    expect(await pool()).toBe(before);
    expectError(await call('GET', 'eSim/profile', customer), 404, 'not_found');
  });

  it('a cancelled eSIM project gives its profile back too', async () => {
    const before = await pool();
    const project = await esimProject(customer);
    expectOk<Project>(await call('POST', `projects/${project.id}/cancel/request`, customer, {}));
    expect(await pool()).toBe(before - 1);
    expectOk<Project>(await call('POST', `projects/${project.id}/cancel/accept`, admin, {}));
    expect(await pool()).toBe(before);
    expectError(await call('GET', 'eSim/profile', customer), 404, 'not_found');
  });

  it(`limits registrations to ${ESIM_REGISTRATIONS.count} per user and window (429, Retry-After, spec error shape)`, async () => {
    // Two were made above; register and delete until the limit is reached.
    for (let made = 2; made < ESIM_REGISTRATIONS.count; made += 1) {
      const project = await esimProject(customer);
      expectOk(await call('DELETE', `projects/${project.id}`, customer));
    }
    const before = await pool();
    const refused = await register(customer, DEFAULT_ESIM_SERIAL_NUMBER, { name: 'One more' });
    expectError(refused, 429, 'too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await pool()).toBe(before);
    // Another user is not held up by it.
    const other = (await kit.account('esim-other@portal.test', { space: 'Acme Devices' })).tokens;
    await esimProject(other);
  });
});
