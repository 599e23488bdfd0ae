import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration from the environment', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: resolve('./.data'),
      databaseUrl: undefined,
      signInPer10Minutes: { perAddress: 30, perEmail: 5 },
    });
  });

  it('reads PORT, DATA_DIR and DATABASE_URL', () => {
    const config = loadConfig({ PORT: '9000', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://a@b/c' });
    expect(config).toMatchObject({ port: 9000, dataDir: '/tmp/x', databaseUrl: 'postgres://a@b/c' });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('names every bad variable', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(attempt).toThrow(/LOG_LEVEL/);
  });
});
