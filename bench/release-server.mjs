// The release binary started for a Node bench: a data folder of its own, the site on a free
// port of 127.0.0.1, the admin address off. Run `cargo build --release` first.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Starts it and resolves once it listens: its port, and the process (kill it when done). */
export async function startReleaseServer(name) {
  const root = new URL('..', import.meta.url).pathname;
  const data = mkdtempSync(join(tmpdir(), `corpsite-${name}-bench-`));
  const server = spawn(join(root, 'target/release/corpsite'), ['serve', '--addr', '127.0.0.1:0', '--data-dir', data, '--admin-addr', 'off'], {
    env: { ...process.env, RUST_LOG: 'info', CORPSITE_LOG_FORMAT: 'json' },
  });
  const port = await new Promise((resolve) => {
    let text = '';
    const read = (chunk) => {
      text += chunk;
      const found = text.match(/"local":"127\.0\.0\.1:(\d+)"/) ?? text.match(/127\.0\.0\.1:(\d+)/);
      if (found && text.includes('listening')) resolve(found[1]);
    };
    server.stdout.on('data', read);
    server.stderr.on('data', read);
  });
  return { port, server };
}
