import fs from 'node:fs';

/**
 * The system's Chromium builds, the headless shell first, as it is cheaper (tests/README.md). A headed run needs
 * the full browser: `CHROMIUM_PATH=/usr/bin/chromium`.
 */
const SHELL = '/usr/bin/chromium-headless-shell';
const CANDIDATES = [
  SHELL,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/**
 * System Chromium (Playwright cannot download its own browsers here). CHROMIUM_PATH overrides. `shell: false` skips
 * the headless shell, for figures meant to be a browser's.
 */
export function findChromium({ shell = true }: { shell?: boolean } = {}): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!fs.existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist.`);
    return fromEnv;
  }
  const found = CANDIDATES.find((file) => (shell || file !== SHELL) && fs.existsSync(file));
  if (!found) {
    throw new Error(
      `No Chromium found. Install one (Debian/Ubuntu: \`sudo apt-get install -y ${shell ? 'chromium-headless-shell' : 'chromium'}\`) ` +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
  }
  return found;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
