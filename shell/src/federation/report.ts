import type { ApiClient, ClientErrorReport } from '@cove/contracts';
import type { FailureReporter } from '../services/shell-context';

/**
 * Sends a remote's load or render failure to the server (`POST /v1/client-errors`), which logs it per
 * remote and version. Each distinct failure is sent once per page, and sending never throws.
 */
export function createFailureReporter(api: ApiClient): FailureReporter {
  const sent = new Set<string>();
  return function report(failure: ClientErrorReport): void {
    const key = `${failure.remote}|${failure.version}|${failure.phase}|${failure.message}`;
    if (sent.has(key)) return;
    sent.add(key);
    const body: ClientErrorReport = { ...failure, message: failure.message.slice(0, 2000) };
    api.send('POST', '/v1/client-errors', { body }).catch(() => {
      // The report is best effort: the page already shows the failure, and the API may be the thing that is down.
    });
  };
}
