import type { Cluster } from '../../src/db/embedded-cluster';

interface TestCluster {
  cluster: Cluster;
  folder: string;
}

// jest hands globals set in globalSetup to globalTeardown (not modules), so the cluster waits here.
const slot = globalThis as { coveTestCluster?: TestCluster };

export function keepTestCluster(kept: TestCluster): void {
  slot.coveTestCluster = kept;
}

export function takeTestCluster(): TestCluster | undefined {
  const kept = slot.coveTestCluster;
  delete slot.coveTestCluster;
  return kept;
}
