import { createConfig } from '@cove/build-config';

export default createConfig({ dir: __dirname, part: { kind: 'remote', remote: 'discover' } });
