import * as z from 'zod/mini';
import { publicProfile } from './entities/user';

const flag = z.pipe(
  z.enum(['true', 'false']),
  z.transform((v) => v === 'true'),
);

export const discoverQuery = z.object({
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(100_000)), 0),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(50)), 20),
  featured: z._default(flag, true),
  q: z.optional(z.string().check(z.trim(), z.maxLength(50))),
  /** `near` asks for creators whose UTC offset is close to the viewer's (docs/rules.md, Nearby). */
  type: z.optional(z.enum(['near'])),
  /** Comma-joined genders to include: male, female, trans. All when absent. */
  gender: z.optional(z.string().check(z.maxLength(40))),
  code_used: z.optional(z.string().check(z.maxLength(40))),
});
/** The query as a client sends it (numbers travel as text, so the schema coerces them). */
export type DiscoverQueryParams = Omit<z.input<typeof discoverQuery>, 'offset' | 'limit'> & {
  offset?: number;
  limit?: number;
};

/** A creator as discover lists them; their profile page (`profile`) tells more. */
export const discoverProfile = z.extend(publicProfile, {
  tags: z.array(z.string()),
  bio: z.string(),
  cover_url: z.nullable(z.string()),
  /** Credits per fan message in a new chat. */
  credit_rate: z.int(),
  /** Monthly subscription price in credits; 0 when not offered. */
  subscription_price: z.int(),
  /** Whether the viewer follows them. */
  is_followee: z.boolean(),
});

export type DiscoverProfile = z.infer<typeof discoverProfile>;

export const discoverPage = z.object({ data: z.array(discoverProfile), next: z.nullable(z.string()) });
export type DiscoverPage = z.infer<typeof discoverPage>;
