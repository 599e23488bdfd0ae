import { createHash } from 'node:crypto';
import { firstReadsScript } from '@cove/contracts';

/**
 * The shell page's one inline script (see `firstReadsScript`). The content security policy allows
 * exactly this text, by its hash, and no other inline script.
 */
export const pageScript = firstReadsScript;
export const pageScriptHash = `'sha256-${createHash('sha256').update(pageScript).digest('base64')}'`;
