import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../config';

/**
 * The caller's country from the header a trusted proxy sets (`COUNTRY_HEADER`, Cloudflare's
 * `cf-ipcountry` by default), or null: without `TRUST_PROXY` anyone could send the header, and Cove
 * makes no outside lookups. Proxies' own "unknown" (`XX`) and Tor (`T1`) codes count as unknown.
 */
export function requestCountry(
  config: Pick<Config, 'trustProxy' | 'countryHeader'>,
  headers: IncomingHttpHeaders,
): string | null {
  if (!config.trustProxy) return null;
  const value = headers[config.countryHeader];
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : null;
}
