import { join } from 'node:path';
import { demoStaff } from '../../src/seed/demo-applications';
import { demoReleaseManager } from '../../src/seed/demo-releases';
import {
  demoReleaseTotpSecret,
  demoStaffTotpSecret,
  seedDemoSecondFactor,
} from '../../src/seed/demo-second-factor';
import { demoEmail, seedDemoWorld } from '../../src/seed/demo-world';
import { as } from '../helpers/api';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { codeNow, redeemLink, stepper } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('the demo staff member signs in with the code of the secret README prints, and reviews applications', async () => {
  await seedDemoWorld(t.db, join(t.config.dataDir, 'media'));
  await seedDemoSecondFactor(t.db, t.app.factorBox);
  const link = (await redeemLink(t.app, demoEmail(demoStaff))).json();
  expect(link.second_step).toBe(true);
  const done = await stepper(t.app, link.second_step_token).post('/v1/auth/second-step', {
    code: codeNow(demoStaffTotpSecret),
  });
  expect(done.statusCode).toBe(200);
  const staff = as(t.app, done.json().token);
  expect((await staff.get('/v1/account/security')).json()).toMatchObject({
    totp: true,
    required: true,
    session_passed: true,
  });
  expect((await staff.get('/v1/admin/applications')).statusCode).toBe(200);
});

it('the demo release manager has an app of its own and signs in with the code of the secret README prints', async () => {
  await seedDemoWorld(t.db, join(t.config.dataDir, 'media'));
  await seedDemoSecondFactor(t.db, t.app.factorBox);
  const link = (await redeemLink(t.app, demoEmail(demoReleaseManager))).json();
  expect(link.second_step).toBe(true);
  const step = stepper(t.app, link.second_step_token);
  // The staff member's code is not the release manager's.
  expect((await step.post('/v1/auth/second-step', { code: codeNow(demoStaffTotpSecret) })).statusCode).toBe(
    400,
  );
  const done = await step.post('/v1/auth/second-step', { code: codeNow(demoReleaseTotpSecret) });
  expect(done.statusCode).toBe(200);
  expect((await as(t.app, done.json().token).get('/v1/account/security')).json()).toMatchObject({
    totp: true,
    required: true,
    session_passed: true,
  });
});
