import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The binary every spec runs: the release build, or CORPSITE_BIN. */
export const BINARY =
  process.env.CORPSITE_BIN ?? fileURLToPath(new URL('../../target/release/corpsite', import.meta.url));

/** The first group of the first stdout line of `child` that `pattern` matches (or all of it). */
export function firstLine(child: ChildProcess, pattern: RegExp, what: string): Promise<string> {
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
 * A data dir with the demo content published, as a first start leaves it: made by starting
 * the server on it and stopping it once it serves. Publishing the demo content (every
 * picture made for every screen) is most of a first start; copies of this dir start at once.
 */
export async function seededDataDir(dataDir: string): Promise<string> {
  const child = spawn(
    BINARY,
    ['serve', '--addr', '127.0.0.1:0', '--admin-addr', 'off', '--data-dir', dataDir],
    // Its stop comes while it renders pages ahead: what that cuts short is of no matter here.
    { env: { ...process.env, RUST_LOG: 'error' }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await firstLine(child, /serving (http:\/\/\S+)/, 'corpsite publishing the demo content');
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
  return dataDir;
}

/** A running `corpsite serve` on plain HTTP, on a free loopback port. */
export interface Server {
  /** `http://127.0.0.1:PORT` */
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the binary on a copy of the seeded data dir (E2E_SEEDED_DIR, made by global-setup),
 * sending its mail to the tests' SMTP server (E2E_SMTP_PORT), with no rate limits and `args`
 * besides (a flag the shared server has not, such as `--notify-to`): the server every spec
 * shares, the ones specs of server-wide state have for themselves, and those a spec starts
 * with a flag of its own. `stop` ends it and removes its data.
 */
export async function startServer(name: string, args: string[] = []): Promise<Server> {
  const seeded = process.env.E2E_SEEDED_DIR;
  const smtpPort = process.env.E2E_SMTP_PORT;
  if (!seeded || !smtpPort)
    throw new Error('E2E_SEEDED_DIR or E2E_SMTP_PORT is not set: global-setup did not run');
  const dir = mkdtempSync(join(tmpdir(), `corpsite-e2e-${name}-`));
  const dataDir = join(dir, 'data');
  cpSync(seeded, dataDir, { recursive: true });
  const child = spawn(
    BINARY,
    [
      'serve',
      '--addr',
      '127.0.0.1:0',
      '--admin-addr',
      'off',
      '--data-dir',
      dataDir,
      '--smtp-url',
      `smtp://127.0.0.1:${smtpPort}`,
      '--mail-from',
      'Fidelitus Corp <hello@corp.example.com>',
      ...args,
    ],
    {
      env: { ...process.env, RUST_LOG: 'warn', CORPSITE_RATE_LIMIT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise((done) => child.once('exit', done));
  const url = await firstLine(child, /(http:\/\/[^/\s]+)/, `corpsite (${name})`);
  return {
    url,
    dataDir,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
