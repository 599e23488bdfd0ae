import type { Bus } from './bus';
import { createMemoryBus } from './memory-bus';
import { createRedisBus } from './redis-bus';

export type { Bus } from './bus';

export function createBus(redisUrl: string | undefined): Bus {
  return redisUrl ? createRedisBus(redisUrl) : createMemoryBus();
}
