import * as z from 'zod/mini';

/** An ISO 3166-1 alpha-2 country code, as proxies name the client's country (`DE`, `US`). */
const regionCode = z.string().check(z.regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as DE'));

/** The countries a creator's profile and chats are closed to (`GET`/`PUT /v1/users/blocked-countries`). */
export const blockedCountries = z.object({ blocked_countries: z.array(regionCode).check(z.maxLength(250)) });
export type BlockedCountries = z.infer<typeof blockedCountries>;
