import { loadConfig, type Config } from '../../src/config.js';

export const TEST_PUBLIC_URL = 'http://localhost:8080';

/** The configuration of a test app: silent logs, no data folder (files in a temporary one), `env` over it. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    PUBLIC_URL: TEST_PUBLIC_URL,
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent-test-data',
    ...env,
  });
}
