/**
 * The pixels this process decodes at once, across uploads' checks and jobs' renditions. A decode past
 * the budget waits its turn, first come first served, so many large photos at once queue instead of
 * each taking its share of memory; a photo larger than the whole budget runs alone.
 */
export class PixelBudget {
  private used = 0;
  private readonly waiting: { pixels: number; admit: () => void }[] = [];

  constructor(readonly capacity: number) {}

  /** Pixels being decoded now. */
  get inFlight(): number {
    return this.used;
  }

  /** Runs `work` once `pixels` fit in the budget; they are given back when it ends, however it ends. */
  async run<T>(pixels: number, work: () => Promise<T>): Promise<T> {
    await this.take(pixels);
    try {
      return await work();
    } finally {
      this.give(pixels);
    }
  }

  private fits(pixels: number): boolean {
    return this.used === 0 || this.used + pixels <= this.capacity;
  }

  private take(pixels: number): Promise<void> {
    if (this.waiting.length === 0 && this.fits(pixels)) {
      this.used += pixels;
      return Promise.resolve();
    }
    return new Promise((admit) => this.waiting.push({ pixels, admit }));
  }

  private give(pixels: number): void {
    this.used -= pixels;
    for (let next = this.waiting[0]; next && this.fits(next.pixels); next = this.waiting[0]) {
      this.waiting.shift();
      this.used += next.pixels;
      next.admit();
    }
  }
}
