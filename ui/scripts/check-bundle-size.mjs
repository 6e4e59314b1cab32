#!/usr/bin/env node
// Fails when the first load of any public route needs more than 24 KB of JS (gzip -9), or of a
// route the server does not render (`"private": true`: the staff's, the subscriber links')
// more than 60 KB. First load = every script a visit fetches without touching the page: for a
// public page, which the server renders and whose islands alone hydrate, the loader, the
// islands' entry with its imports and the modules of the islands the page renders (the frame's,
// which every page has, and those its page module imports); for another, the app's entry with
// its static imports and the route's page chunk with its own.
// The routes come from the one route table (src/app/route-table.json) and the chunks from Vite's
// build manifest. Run after `vite build`: node scripts/check-bundle-size.mjs [dist]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 24 * 1024;
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
  const islands = [...islandKeys].filter(([name, key]) => FRAME_ISLANDS.includes(name) || pageKeys.has(key));
  const keys = new Set(closure(ISLANDS));
  for (const [, key] of islands) for (const file of closure(key)) keys.add(file);
  return keys;
}

const gzipSize = (key) => gzipSync(readFileSync(join(dist, manifest[key].file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

let failed = false;
console.log(
  `First-load JS per route (gzip -9), budget ${kb(BUDGET_BYTES)}, routes not rendered by the server ${kb(STAFF_BUDGET_BYTES)}:`,
);
for (const { path, page, private: staff } of routes) {
  // A public page, rendered by the server, starts with the loader that adds the islands.
  const keys = staff
    ? new Set([...shell, ...closure(`src/pages/${page}.tsx`)])
    : new Set([BOOT, ...islandsLoad(page)]);
  const total = [...keys].reduce((sum, key) => sum + gzipSize(key), 0);
  const over = total > (staff ? STAFF_BUDGET_BYTES : BUDGET_BYTES);
  failed ||= over;
  console.log(
    `  ${over ? 'OVER' : 'ok  '} ${path.padEnd(32)} ${kb(total).padStart(9)}  (${keys.size} files)`,
  );
}
if (failed) {
  console.error(
    'At least one route loads more JS than its gzip budget (24 KB public, 60 KB not rendered by the server).',
  );
  process.exit(1);
}
