#!/usr/bin/env node
// Fails when the first load of any public route needs more than 40 KB of JS (gzip -9), or of a
// staff route (`"private": true`) more than 60 KB (the site's first-load budgets). First load = the entry script, what it imports statically, and the route's page
// chunk with its own static imports (the chunks a visitor's browser fetches before the page shows).
// The routes come from the one route table (src/app/route-table.json) and the chunks from Vite's
// build manifest. Run after `vite build`: node scripts/check-bundle-size.mjs [dist]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 40 * 1024;
const STAFF_BUDGET_BYTES = 60 * 1024;
const ui = fileURLToPath(new URL('..', import.meta.url));
const dist = process.argv[2] ?? join(ui, 'dist');

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const { routes } = JSON.parse(readFileSync(join(ui, 'src/app/route-table.json'), 'utf8'));

/** The manifest key and every key it imports statically, transitively. */
function closure(start) {
  const seen = new Set();
  const todo = [start];
  while (todo.length > 0) {
    const key = todo.pop();
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    todo.push(...(chunk.imports ?? []));
  }
  return seen;
}

// The app's entry is index.html's (src/app/boot.ts, the other entry, only adds it to a page).
const entry = 'index.html';
if (!manifest[entry]?.isEntry) throw new Error('the build manifest has no index.html entry');
const shell = closure(entry);
const BOOT = 'src/app/boot.ts';

const gzipSize = (key) => gzipSync(readFileSync(join(dist, manifest[key].file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

let failed = false;
console.log(
  `First-load JS per route (gzip -9), budget ${kb(BUDGET_BYTES)}, staff routes ${kb(STAFF_BUDGET_BYTES)}:`,
);
for (const { path, page, private: staff } of routes) {
  // A public page, rendered by the server, starts with the loader that adds the entry.
  const boot = !staff && manifest[BOOT] ? [BOOT] : [];
  const keys = new Set([...boot, ...shell, ...closure(`src/pages/${page}.tsx`)]);
  const total = [...keys].reduce((sum, key) => sum + gzipSize(key), 0);
  const over = total > (staff ? STAFF_BUDGET_BYTES : BUDGET_BYTES);
  failed ||= over;
  console.log(
    `  ${over ? 'OVER' : 'ok  '} ${path.padEnd(32)} ${kb(total).padStart(9)}  (${keys.size} files)`,
  );
}
if (failed) {
  console.error('At least one route loads more JS than its gzip budget (40 KB public, 60 KB staff).');
  process.exit(1);
}
