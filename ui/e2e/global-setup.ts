import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The first line of `child`'s stdout that `pattern` matches: its first group, or all of it. */
function firstMatch(child: ChildProcess, pattern: RegExp, what: string): Promise<string> {
  return new Promise<string>((done, fail) => {
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`${what} exited with ${code} before it was ready`)));
    if (!child.stdout) return fail(new Error('no stdout'));
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const match = pattern.exec(line);
      if (match) done(match[1] ?? match[0]);
    });
  });
}

/**
 * Starts a real SMTP server (tests/support/smtp_server.py, aiosmtpd: it writes each mail it
 * takes to a folder), then the release binary on a free loopback port with a fresh data dir,
 * sending its mail there.
 */
export default async function globalSetup() {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const binary = process.env.CORPSITE_BIN ?? join(root, 'target/release/corpsite');
  const python = process.env.CORPSITE_TEST_PYTHON ?? join(root, 'target/test-venv/bin/python');
  const dataDir = mkdtempSync(join(tmpdir(), 'corpsite-e2e-'));
  const mailDir = join(dataDir, 'received-mail');
  const smtp: ChildProcess = spawn(python, [join(root, 'tests/support/smtp_server.py'), mailDir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const smtpPort = await firstMatch(smtp, /^listening (\d+)/, 'the SMTP test server (aiosmtpd)');
  const child: ChildProcess = spawn(
    binary,
    [
      'serve',
      '--addr',
      '127.0.0.1:0',
      '--admin-addr',
      'off',
      '--data-dir',
      join(dataDir, 'data'),
      '--smtp-url',
      `smtp://127.0.0.1:${smtpPort}`,
      '--mail-from',
      'Fidelitus Corp <hello@corp.example.com>',
    ],
    {
      env: { ...process.env, RUST_LOG: 'warn', CORPSITE_RATE_LIMIT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const baseUrl = await firstMatch(child, /http:\/\/[^/\s]+/, 'corpsite');
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = join(dataDir, 'data');
  process.env.E2E_MAIL_DIR = mailDir;
  return async () => {
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
    smtp.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
}
