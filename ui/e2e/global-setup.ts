import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** Starts the release binary on a free loopback port with a fresh data dir. */
export default async function globalSetup() {
  const binary =
    process.env.CORPSITE_BIN ?? fileURLToPath(new URL('../../target/release/corpsite', import.meta.url));
  const dataDir = mkdtempSync(join(tmpdir(), 'corpsite-e2e-'));
  const child: ChildProcess = spawn(binary, ['serve', '--addr', '127.0.0.1:0', '--data-dir', dataDir], {
    env: { ...process.env, RUST_LOG: 'warn', CORPSITE_RATE_LIMIT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((done, fail) => {
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`corpsite exited with ${code} before serving`)));
    if (!child.stdout) return fail(new Error('no stdout'));
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const match = /http:\/\/[^/\s]+/.exec(line);
      if (match) done(match[0]);
    });
  });
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  return async () => {
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
