#!/usr/bin/env node
// Fails when the first load of any route needs more than 40 KB of JS (gzip -9), per DESIGN.md
// "Budgets". First load = the entry script, what it imports statically, and the route's page
// chunk with its own static imports (the chunks a visitor's browser fetches before the page shows).
// Run after `vite build`: node scripts/check-bundle-size.mjs [dist]
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 40 * 1024;
const ui = fileURLToPath(new URL('..', import.meta.url));
const dist = process.argv[2] ?? join(ui, 'dist');

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = /<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/.exec(html)?.[1];
if (!entry) throw new Error('no module script in dist/index.html');

/** Static imports of a chunk: `import ... from "./x.js"`, `import "./x.js"`, `export ... from "./x.js"`. */
function staticImports(file) {
  const code = readFileSync(join(dist, file), 'utf8');
  const found = new Set();
  const pattern = /(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g;
  for (const match of code.matchAll(pattern)) found.add(posix.join(posix.dirname(file), match[1]));
  return found;
}

function closure(start) {
  const seen = new Set();
  const todo = [start];
  while (todo.length > 0) {
    const file = todo.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of staticImports(file)) todo.push(next);
  }
  return seen;
}

/** The page chunk each route loads lazily, read from the route table. */
const routesSource = readFileSync(join(ui, 'src/app/routes.tsx'), 'utf8');
const routes = [];
for (const match of routesSource.matchAll(
  /(index: true|path: '([^']+)'),\s*element: page\(\(\) => import\('@\/pages\/([\w-]+)'\)/g,
)) {
  routes.push({ route: match[2] ? `/${match[2]}` : '/', page: match[3] });
}
if (routes.length === 0) throw new Error('found no lazy page in src/app/routes.tsx');

/** Dynamic imports in the entry map page modules to their hashed chunk files. */
const entryCode = readFileSync(join(dist, entry), 'utf8');
const chunkOf = (page) => {
  const match = new RegExp(`["'\`](\\.{1,2}/[^"'\`]*?${page}-[\\w-]{8}\\.js)["'\`]`).exec(entryCode);
  if (!match) throw new Error(`no chunk for ${page} referenced from ${entry}`);
  return posix.join(posix.dirname(entry), match[1]);
};

const gzipSize = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const shell = closure(entry);
let failed = false;
console.log(`First-load JS per route (gzip -9), budget ${kb(BUDGET_BYTES)}:`);
for (const { route, page } of routes) {
  const files = new Set([...shell, ...closure(chunkOf(page))]);
  const total = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
  const over = total > BUDGET_BYTES;
  failed ||= over;
  console.log(
    `  ${over ? 'OVER' : 'ok  '} ${route.padEnd(32)} ${kb(total).padStart(9)}  (${files.size} files)`,
  );
}
if (failed) {
  console.error('At least one route loads more than the 40 KB gzip budget of JS.');
  process.exit(1);
}
