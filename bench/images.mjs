// Bytes of images a 390 px phone loads for /blogs and one post, first screen and whole page
// (scrolled to the end, so every lazy image loads), in Debian's Chromium.
//   node bench/images.mjs NAME=BASE_URL [NAME=BASE_URL ...] POST_PATH
// bench/images.sh starts the servers and runs it.
import { createRequire } from 'node:module';

const require = createRequire(new URL('../ui/package.json', import.meta.url));
const { chromium } = require('@playwright/test');

const args = process.argv.slice(2);
const postPath = args.pop();
const servers = args.map((arg) => arg.split(/=(.*)/s).slice(0, 2));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

async function measure(base, path, dpr, scroll) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: dpr,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  let bytes = 0;
  let count = 0;
  const pending = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'image') return;
    pending.push(
      request.sizes().then((sizes) => {
        bytes += sizes.responseBodySize + sizes.responseHeadersSize;
        count += 1;
      }),
    );
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  if (scroll) {
    const height = await page.evaluate(() => document.body.scrollHeight);
    for (let y = 0; y < height; y += 400) {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      await page.waitForTimeout(60);
    }
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
  }
  await Promise.all(pending);
  await context.close();
  return { bytes, count };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
for (const dpr of [2, 3]) {
  for (const [label, path] of [
    ['/blogs', '/blogs'],
    ['post', postPath],
  ]) {
    for (const scroll of [false, true]) {
      const results = [];
      for (const [name, base] of servers) results.push([name, await measure(base, path, dpr, scroll)]);
      const [first, last] = [results[0][1], results[results.length - 1][1]];
      const saved = first.bytes > 0 ? Math.round((1 - last.bytes / first.bytes) * 100) : 0;
      console.log(
        `390px dpr ${dpr} ${label.padEnd(6)} ${scroll ? 'whole page ' : 'first screen'}  ` +
          results.map(([name, r]) => `${name}: ${kb(r.bytes)} (${r.count} images)`).join('  ') +
          `  -> ${saved}% fewer`,
      );
    }
  }
}
await browser.close();
