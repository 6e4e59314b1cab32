// How long a move from one public page to another takes, from the click to the next page's
// first contentful paint, with the prefetch the islands' speculation rules start while the
// pointer rests on the link, and without it (the rules' request refused): Chromium on a link
// as Lighthouse's mobile one (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, DevTools'
// throttling) with the CPU slowed 4x, against the release binary over plain HTTP.
// Usage: node bench/page-move.mjs [runs] (after `cargo build --release`).
import { createRequire } from 'node:module';
import { startReleaseServer } from './release-server.mjs';

const require = createRequire(new URL('../ui/package.json', import.meta.url));
const { chromium } = require('@playwright/test');
const runs = Number(process.argv[2] ?? 10);

const { port, server } = await startReleaseServer('move');
const base = `http://127.0.0.1:${port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

/** Each move: from a page, a link (in the footer) to the next page. */
const moves = [
  ['/about/our_vision', 'Contact', '/contact'],
  ['/', 'Blog', '/blogs'],
];

/** The click's time to the next page's first contentful paint, in ms. */
async function move(from, name, to, prefetch) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  if (!prefetch) await page.route('**/speculation-rules.json', (route) => route.abort());
  // Warm the server's caches for both pages (a site with visitors), then open the first.
  for (const path of [from, to]) await page.request.get(base + path);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(base + from);
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', null, { timeout: 60_000 });
  if (prefetch) await page.waitForSelector('script[type="speculationrules"]', { state: 'attached' });
  const link = page.getByRole('contentinfo').getByRole('link', { name, exact: true });
  await link.scrollIntoViewIfNeeded();
  if (prefetch) {
    const fetched = page.waitForRequest(
      (request) => new URL(request.url()).pathname === to && request.headers()['sec-purpose'] === 'prefetch',
    );
    await link.hover();
    await fetched;
    // The prefetch's answer has arrived (a visitor's pointer rests longer than its 200 ms).
    await page.waitForTimeout(1500);
  } else {
    await link.hover();
    await page.waitForTimeout(300);
  }
  const clicked = Date.now();
  await link.click();
  await page.waitForURL(base + to);
  const paint = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const done = (entries) => {
          const fcp = entries.find((entry) => entry.name === 'first-contentful-paint');
          if (fcp) resolve([performance.timeOrigin + fcp.startTime, performance.getEntriesByType('navigation')[0].deliveryType]);
        };
        done(performance.getEntriesByType('paint'));
        new PerformanceObserver((list) => done(list.getEntries())).observe({ type: 'paint', buffered: true });
      }),
  );
  await context.close();
  return { ms: paint[0] - clicked, delivery: paint[1] || 'network' };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
};
console.log(`${runs} moves each; click to the next page's first contentful paint (ms)`);
for (const [from, name, to] of moves) {
  for (const prefetch of [true, false]) {
    const times = [];
    const deliveries = new Set();
    for (let run = 0; run < runs; run += 1) {
      const { ms, delivery } = await move(from, name, to, prefetch);
      times.push(ms);
      deliveries.add(delivery);
    }
    console.log(
      `${from} -> ${to}, ${prefetch ? 'prefetched' : 'no prefetch'}: median ${Math.round(median(times))}, ` +
        `${Math.round(Math.min(...times))} to ${Math.round(Math.max(...times))} (delivery: ${[...deliveries].join(', ')})`,
    );
  }
}
await browser.close();
server.kill();
