import { EventEmitter } from 'node:events';
import type { Bus } from './bus';

/** The embedded default: one process, so an in-process emitter is the whole bus. */
export function createMemoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      // Delivered on a later tick, like a network bus, so publishers never run handlers inline.
      setImmediate(() => emitter.emit(channel, message));
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
      return async () => void emitter.off(channel, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
