import fs from 'node:fs';

export default function teardown() {
  const dir = process.env.E2E_DATA_ROOT;
  if (dir && dir.includes('portal-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
}
