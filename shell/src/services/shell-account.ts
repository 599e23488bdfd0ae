import type { HostAccount, ProviderConfig } from '@cove/contracts';

/** How a session ended: the person logged out, the token stopped working, or the account was banned. */
export type EndReason = 'logout' | 'expired' | 'banned';

export interface ShellAccount extends HostAccount {
  /** At boot: the provider config, and the user when a token is stored. */
  boot(signal: AbortSignal): Promise<void>;
  /** Redeems a sign-in link's token; resolves with where to go next (the second step, with a factor on). */
  redeemLink(linkToken: string): Promise<string>;
  /** Whether a sign-in waits for its second step in this tab. */
  hasSecondStep(): boolean;
  /**
   * Finishes the second step with a code from the app or a recovery code, or with one of the person's
   * passkeys (the browser's prompt); resolves with where to go next.
   */
  finishSecondStep(proof: { code: string } | 'passkey'): Promise<string>;
  /** `sentWith` is the token the config was asked with (the current one when omitted). */
  applyConfig(config: ProviderConfig, sentWith?: string | null): void;
  /** Ends the session here (the server already refused it). */
  end(reason: EndReason): void;
  /** The banned flow: sign out, the terminated popup, then `/` after 200 ms. */
  banned(): void;
  /** A 403 or 423 answer with JSON (spec section 6). */
  forbidden(error: { status: number; message: string; code?: string }): void;
}
