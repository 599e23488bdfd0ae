import * as z from 'zod';
import { publicProfile } from './entities/user';

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

export const discoverQuery = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  featured: flag.default(true),
  q: z.string().trim().max(50).optional(),
  /** `near` asks for nearby creators; Cove keeps no locations, so it lists everyone (docs/rules.md). */
  type: z.enum(['near']).optional(),
  /** Comma-joined genders to include: male, female, trans. All when absent. */
  gender: z.string().max(40).optional(),
  code_used: z.string().max(40).optional(),
});
/** The query as a client sends it (numbers travel as text, so the schema coerces them). */
export type DiscoverQueryParams = Omit<z.input<typeof discoverQuery>, 'offset' | 'limit'> & {
  offset?: number;
  limit?: number;
};

/** A creator as discover lists them; their profile page (`profile`) tells more. */
export const discoverProfile = publicProfile.extend({
  tags: z.array(z.string()),
  bio: z.string(),
  cover_url: z.string().nullable(),
  /** Credits per fan message in a new chat. */
  credit_rate: z.number().int(),
  /** Monthly subscription price in credits; 0 when not offered. */
  subscription_price: z.number().int(),
  /** Whether the viewer follows them. */
  is_followee: z.boolean(),
});

export type DiscoverProfile = z.infer<typeof discoverProfile>;

export const discoverPage = z.object({ data: z.array(discoverProfile), next: z.string().nullable() });
export type DiscoverPage = z.infer<typeof discoverPage>;
