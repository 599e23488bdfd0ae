import { rmSync } from 'node:fs';
import { takeTestCluster } from './test-cluster';

/** jest globalTeardown: stops the run's cluster and removes its folder. */
export default async function stopTestCluster(): Promise<void> {
  const current = takeTestCluster();
  if (!current) return;
  delete process.env.COVE_TEST_CLUSTER_URL;
  await current.cluster.stop();
  rmSync(current.folder, { recursive: true, force: true });
}
