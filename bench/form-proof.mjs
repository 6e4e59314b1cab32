// How long the forms' proof of work takes to solve in Chromium, at the first post's difficulty
// and each doubling after it: the real worker of the build (ui/dist), given random challenges
// of a real one's length, in a secure context (loopback: crypto.subtle) and in one that is not
// (a name mapped to loopback, as a demo laptop at http://192.168.x.y: the worker's own
// SHA-256), each without and with 4x CPU throttling (DevTools' stand-in for a low-end phone).
// Usage: node bench/form-proof.mjs [runs] (after `cargo build --release`).
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { startReleaseServer } from './release-server.mjs';

const require = createRequire(new URL('../ui/package.json', import.meta.url));
const { chromium } = require('@playwright/test');
const runs = Number(process.argv[2] ?? 40);
const root = new URL('..', import.meta.url).pathname;
const worker = readdirSync(join(root, 'ui/dist/assets')).find((f) => /^form-proof-worker-.*\.js$/.test(f));

const { port, server } = await startReleaseServer('proof');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP corpsite.test 127.0.0.1'],
});
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
console.log(`worker ${worker}, ${runs} challenges each; seconds: median, p95`);
for (const [context, host] of [
  ['secure (crypto.subtle)', '127.0.0.1'],
  ['not secure (own SHA-256)', 'corpsite.test'],
]) {
  for (const throttle of [1, 4]) {
    const page = await browser.newPage();
    await page.goto(`http://${host}:${port}/robots.txt`);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    for (const bits of [13, 14, 16, 19]) {
      const times = await page.evaluate(
        async ({ url, bits, runs }) => {
          const hex = (n) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => b.toString(16).padStart(2, '0')).join('');
          const out = [];
          for (let i = 0; i < runs; i++) {
            const challenge = `v1.enquiry.1796000000.${bits}.${hex(16)}.${hex(32)}`;
            const w = new Worker(url, { type: 'module' });
            const started = performance.now();
            await new Promise((done) => {
              w.onmessage = done;
              w.postMessage([challenge, bits]);
            });
            out.push((performance.now() - started) / 1000);
            w.terminate();
          }
          return out.sort((a, b) => a - b);
        },
        { url: `/assets/${worker}`, bits, runs: bits > 16 ? Math.max(5, runs / 4) : runs },
      );
      console.log(
        `${context}, CPU x${throttle}, ${bits} bits: ${quantile(times, 0.5).toFixed(3)} s, p95 ${quantile(times, 0.95).toFixed(3)} s`,
      );
    }
    await page.close();
  }
}
await browser.close();
server.kill();
