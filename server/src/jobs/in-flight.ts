/** Work still running, so a shutdown can wait for it and for whatever it set off in turn. */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    const done = () => void this.running.delete(work);
    work.then(done, done);
    return work;
  }

  /** Resolves once nothing runs, including work started as earlier work finished. */
  async settled(): Promise<void> {
    while (this.running.size) {
      await Promise.allSettled(this.running);
      // What finished may start more within the same turn (a worker handing its fetched job on).
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
