import { and, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { feedPosts } from '../db/schema';
import { demoStaff } from './demo-applications';
import { demoActors } from './demo-api';
import { pushyFan } from './demo-careful';

/**
 * Reports for the staff console (docs/rules.md, Reports and the staff console), made and handled
 * through the API: `nova-lake` reported `casey-fan` for asking to be paid outside Cove and staff
 * resolved it with a payment warning; `jordan-fan` reported `luna-rivers` for spam and staff closed it;
 * still open for `cove-staff`: Luna's report on Casey's pushy messages, and `sam-fan`'s on Theo's recipe
 * post. Each report carries the messages or post it was about. Run after the careful and tips steps.
 */
export async function seedDemoReports(app: FastifyInstance): Promise<void> {
  const people = [pushyFan, 'nova-lake', 'luna-rivers', 'jordan-fan', 'sam-fan', 'theo-vance', demoStaff];
  const { idOf, call, done } = await demoActors(app, people, 'demo reports');
  const report = async (by: string, about: string, body: object) =>
    (await call(by, 'POST', `/v1/users/${idOf(about)}/report`, body)).report_id as string;
  const resolve = (id: string, body: object) =>
    call(demoStaff, 'POST', `/v1/admin/reports/${id}/resolve`, body);

  const scam = await report('nova-lake', pushyFan, {
    reason: 'scam',
    note: 'He wants to pay me outside the app.',
  });
  await call(demoStaff, 'POST', `/v1/admin/reports/${scam}/assign`);
  await resolve(scam, { action: 'warn', warning: 'payment', reason: 'Asked a creator to be paid off Cove.' });

  const spam = await report('jordan-fan', 'luna-rivers', { reason: 'spam', note: 'Too many offers.' });
  await resolve(spam, { action: 'dismiss', reason: 'Ordinary offers in a chat he opened; not spam.' });

  await report('luna-rivers', pushyFan, {
    reason: 'harassment',
    note: 'Keeps demanding answers after I hid the chat.',
  });
  const [recipe] = await app.db
    .select({ id: feedPosts.id })
    .from(feedPosts)
    .where(and(eq(feedPosts.creatorId, idOf('theo-vance')), ilike(feedPosts.text, '%ragù%')))
    .limit(1);
  if (recipe) {
    await report('sam-fan', 'theo-vance', {
      reason: 'stolen_content',
      note: 'This ragù recipe is copied from a cookbook.',
      post_id: recipe.id,
    });
  }
  await done();
}
