/**
 * The highest logged sequence this page has applied, and what to do with each new one. The server
 * numbers a user's events 1, 2, 3… with no gaps; the socket resumes with `since` set to `last`.
 */
export class SequenceTracker {
  private last: number | null = null;
  private userId: string | null = null;

  /** The `since` to reconnect with; undefined before anything was applied (the server starts from now). */
  since(): number | undefined {
    return this.last ?? undefined;
  }

  /**
   * The server's greeting. 'resumed' when it continues after our `last`; 'fresh' when we start from
   * its present: the first connect, a log behind ours (another user, a reset database), or one that
   * no longer keeps what followed our `last` (the server says `fresh`).
   */
  init(userId: string, lastSeq: number, fresh = false): 'resumed' | 'fresh' {
    const resumable = !fresh && this.last !== null && this.userId === userId && lastSeq >= this.last;
    this.userId = userId;
    if (resumable) return 'resumed';
    this.last = lastSeq;
    return 'fresh';
  }

  /** 'apply' the next event; drop a 'duplicate'; a 'gap' means some are missing and a resume is due. */
  accept(seq: number): 'apply' | 'duplicate' | 'gap' {
    if (this.last === null) {
      this.last = seq;
      return 'apply';
    }
    if (seq <= this.last) return 'duplicate';
    if (seq !== this.last + 1) return 'gap';
    this.last = seq;
    return 'apply';
  }

  reset(): void {
    this.last = null;
    this.userId = null;
  }
}
