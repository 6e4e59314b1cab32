/**
 * The first script of a server-rendered page. The server writes this code inline in the
 * page's `<script>` (the page's content-security-policy allows it alone, by its hash), so the
 * page asks for no script before its first paint: on HTTP/1.1 the loader's own request would
 * open a second connection while the first screen's picture holds the first. The page shows
 * without JavaScript, its styles inline in the head (only the rules its markup uses:
 * `src/render/used_css.rs`); this puts the whole stylesheets in their place and adds the
 * islands' entry (`islands.ts`) and the modules of the page's islands, only once the page has
 * loaded and painted its frames, so no script is fetched or run before the first paint
 * (Lighthouse's estimate of the Largest Contentful Paint counts every request made before
 * it). A visitor who acts first (a key, a tap, a focus) gets them at once. Its `<script>`
 * carries what to load: `data-entry` (the entry module) and `data-preload` (the modules,
 * space-separated). It must never hold `</script`, `<script` or `<!--` (the server would then
 * name its file instead).
 */
const boot = document.querySelector<HTMLScriptElement>('script[data-entry]');
let started = false;

function start() {
  if (started || !boot?.dataset.entry) return;
  started = true;
  const head = document.head;
  const entry = boot.dataset.entry;
  // Every module is fetched at once; the entry runs (and the islands change the page) once
  // the whole stylesheets are in place, or after 3 s of a stylesheet neither coming nor failing.
  for (const href of [entry, ...(boot.dataset.preload ?? '').split(' ').filter(Boolean)]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    head.append(link);
  }
  void Promise.race([wholeStyles(), new Promise((resolve) => setTimeout(resolve, 3000))]).then(() => {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    head.append(script);
  });
}

/**
 * Puts each stylesheet the page has a `<style data-href>` block of in its place, whole: what
 * the islands add or change (an open menu, a toast, a card of the next page) has its rules.
 * Each file is linked right after its block with `media="print"` while it loads (it neither
 * applies nor holds the page up); once all have come, in one task, they apply and their
 * blocks go, so the cascade is the files' own at every moment. A file that does not come
 * leaves its block. Vite's loader then finds each file linked and adds none.
 */
async function wholeStyles() {
  const placed = [...document.querySelectorAll<HTMLStyleElement>('style[data-href]')].map((style) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.media = 'print';
    link.setAttribute('href', style.dataset.href ?? '');
    const loaded = new Promise<boolean>((resolve) => {
      link.addEventListener('load', () => resolve(true), { once: true });
      link.addEventListener('error', () => resolve(false), { once: true });
    });
    style.after(link);
    return { style, link, loaded };
  });
  const came = await Promise.all(placed.map(({ loaded }) => loaded));
  for (const [index, { style, link }] of placed.entries()) {
    if (!came[index]) continue;
    link.media = 'all';
    style.remove();
  }
}

/**
 * After two more frames are painted: a task queued from a frame callback runs after its paint.
 * Two, because the frame right after `load` may still lack the hero image (its decode can take
 * a frame), and scripts fetched before the image is painted count against its paint.
 */
function afterPaint() {
  // A hidden tab paints no frames (and runs no frame callbacks): nothing to wait for.
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
}

for (const type of ['keydown', 'pointerdown', 'touchstart', 'focusin']) {
  addEventListener(type, start, { capture: true, once: true, passive: true });
}
if (document.readyState === 'complete') afterPaint();
else addEventListener('load', afterPaint, { once: true });
