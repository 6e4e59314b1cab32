import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstLine, seededDataDir, startServer } from './servers';

/**
 * Starts a real SMTP server (tests/support/smtp_server.py, aiosmtpd: it writes each mail it
 * takes to a folder), publishes the demo content once into a data dir every server of the run
 * copies (E2E_SEEDED_DIR), then starts the server every spec shares: the release binary on a
 * free loopback port with a copy of its own, sending its mail to that SMTP server. Specs that
 * change what a server does for everyone get a server of their own (`ownServer` in
 * fixtures.ts), started the same way.
 */
export default async function globalSetup() {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const python = process.env.CORPSITE_TEST_PYTHON ?? join(root, 'target/test-venv/bin/python');
  const dir = mkdtempSync(join(tmpdir(), 'corpsite-e2e-'));
  const mailDir = join(dir, 'received-mail');
  const smtp: ChildProcess = spawn(python, [join(root, 'tests/support/smtp_server.py'), mailDir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const smtpPort = await firstLine(smtp, /^listening (\d+)/, 'the SMTP test server (aiosmtpd)');
  process.env.E2E_SMTP_PORT = smtpPort;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_SEEDED_DIR = await seededDataDir(join(dir, 'seeded'));
  const server = await startServer('shared');
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
    smtp.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
}
