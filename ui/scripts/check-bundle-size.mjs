#!/usr/bin/env node
// Fails when the first load of any public route needs more than its budget of JS (gzip -9): 24 KB
// for a page of islands (`"islands": true`), 40 KB for a public page the whole app hydrates, 60 KB
// for a staff route (`"private": true`). First load = every script a visit fetches without
// touching the page: for a page of islands, the loader, the islands' entry with its imports and
// the modules of the islands the page renders (the frame's, which every page has, and those its
// page module imports); for another page, the loader, the app's entry with its static imports
// and the route's page chunk with its own.
// The routes come from the one route table (src/app/route-table.json) and the chunks from Vite's
// build manifest. Run after `vite build`: node scripts/check-bundle-size.mjs [dist]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ISLANDS_BUDGET_BYTES = 24 * 1024;
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

// The islands' entry, and each island's manifest key (its module's chunk, or the shared chunk
// named after it when the app's entry imports it too), as the server finds them
// (src/render/document.rs).
const ISLANDS = 'src/app/islands.ts';
const islandKeys = new Map(
  (manifest[ISLANDS]?.dynamicImports ?? []).map((key) => [
    key.match(/^src\/islands\/(.+)\.tsx$/)?.[1] ?? manifest[key].name,
    key,
  ]),
);
/** The islands of every page's frame (src/app/layout.tsx and app.tsx). */
const FRAME_ISLANDS = ['site-header', 'toast-host'];
for (const name of FRAME_ISLANDS) {
  if (!islandKeys.has(name)) throw new Error(`the islands' entry does not import the island ${name}`);
}

/** The first load of a page of islands: entry, frame islands and the page's own islands. */
function islandsLoad(page) {
  const pageKeys = closure(`src/pages/${page}.tsx`);
  const islands = [...islandKeys].filter(
    ([name, key]) => FRAME_ISLANDS.includes(name) || pageKeys.has(key),
  );
  const keys = new Set(closure(ISLANDS));
  for (const [, key] of islands) for (const file of closure(key)) keys.add(file);
  return keys;
}

const gzipSize = (key) => gzipSync(readFileSync(join(dist, manifest[key].file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

let failed = false;
console.log(
  `First-load JS per route (gzip -9), budget ${kb(ISLANDS_BUDGET_BYTES)} a page of islands (*), ` +
    `${kb(BUDGET_BYTES)} another public page, staff routes ${kb(STAFF_BUDGET_BYTES)}:`,
);
for (const { path, page, private: staff, islands } of routes) {
  // A public page, rendered by the server, starts with the loader that adds the entry.
  const boot = !staff && manifest[BOOT] ? [BOOT] : [];
  const loaded = islands ? islandsLoad(page) : [...shell, ...closure(`src/pages/${page}.tsx`)];
  const keys = new Set([...boot, ...loaded]);
  const total = [...keys].reduce((sum, key) => sum + gzipSize(key), 0);
  const budget = staff ? STAFF_BUDGET_BYTES : islands ? ISLANDS_BUDGET_BYTES : BUDGET_BYTES;
  const over = total > budget;
  failed ||= over;
  console.log(
    `  ${over ? 'OVER' : 'ok  '} ${`${path}${islands ? ' *' : ''}`.padEnd(32)} ${kb(total).padStart(9)}  (${keys.size} files)`,
  );
}
if (failed) {
  console.error(
    'At least one route loads more JS than its gzip budget (24 KB a page of islands, 40 KB another public page, 60 KB staff).',
  );
  process.exit(1);
}
