import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { creatorApplications, users } from '../db/schema';
import { saveIdDocument } from '../onboarding/id-documents';
import { demoApplicant } from './demo-applications';

/** A made-up identity card for the demo applicant, drawn here: no real document, nothing downloaded. */
const card = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="760">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#e8f1ff"/><stop offset="1" stop-color="#c9dcf7"/>
  </linearGradient></defs>
  <rect width="1200" height="760" rx="48" fill="url(#g)" stroke="#5b7bb5" stroke-width="6"/>
  <rect x="0" y="0" width="1200" height="120" rx="48" fill="#2456d6"/>
  <rect x="0" y="72" width="1200" height="48" fill="#2456d6"/>
  <text x="60" y="82" font-family="sans-serif" font-size="48" font-weight="700" fill="#fff">SANDBOX IDENTITY CARD</text>
  <rect x="60" y="170" width="320" height="410" rx="16" fill="#9fb6d9"/>
  <circle cx="220" cy="320" r="90" fill="#e9d2c0"/>
  <rect x="100" y="430" width="240" height="150" rx="70" fill="#6d83a8"/>
  <g font-family="sans-serif" fill="#1d2433">
    <text x="430" y="210" font-size="26" fill="#5b6577">SURNAME / GIVEN NAMES</text>
    <text x="430" y="256" font-size="44" font-weight="700">RILEY APPLICANT</text>
    <text x="430" y="320" font-size="26" fill="#5b6577">DATE OF BIRTH</text>
    <text x="430" y="362" font-size="40">12 JUN 1994</text>
    <text x="430" y="426" font-size="26" fill="#5b6577">NATIONALITY</text>
    <text x="430" y="468" font-size="40">PRT</text>
    <text x="430" y="532" font-size="26" fill="#5b6577">DOCUMENT NO.</text>
    <text x="430" y="574" font-size="40">SBX-000-DEMO</text>
    <text x="60" y="690" font-size="30" font-family="monospace">IDPRT SBX000DEMO &lt;&lt;&lt;&lt;&lt; SPECIMEN &lt;&lt;&lt;&lt;&lt;</text>
  </g>
</svg>`;

/**
 * The demo applicant's ID photo (docs/rules.md, "Becoming a creator"): the drawn card goes through
 * the same processing and private storage as an applicant's upload, so staff see it in review.
 */
export async function seedDemoIdDocument(app: FastifyInstance): Promise<void> {
  const [application] = await app.db
    .select({ id: creatorApplications.id })
    .from(creatorApplications)
    .innerJoin(users, eq(users.id, creatorApplications.userId))
    .where(eq(users.username, demoApplicant));
  if (!application) return;
  const dir = await mkdtemp(join(tmpdir(), 'cove-demo-id-'));
  try {
    const path = join(dir, 'card.png');
    await sharp(Buffer.from(card)).png().toFile(path);
    await saveIdDocument(app.media, application.id, 'front', path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
