/** Milliseconds on a clock the benchmark's processes share (the epoch, with sub-millisecond precision). */
export const clock = () => performance.timeOrigin + performance.now();
