/**
 * The first script of a server-rendered page (its own small file: the content-security-policy
 * allows no inline script). The page shows without JavaScript, its styles inline in the head;
 * this adds the islands' entry (`islands.ts`) and the modules of the page's islands only once
 * the page has loaded and painted its frames, so no script is fetched or run before the first
 * paint (Lighthouse's estimate of the Largest Contentful Paint counts every request made before
 * it). A visitor who acts first (a key, a tap, a focus) gets them at once. Its `<script>`
 * carries what to load: `data-entry` (the entry module) and `data-preload` (the modules,
 * space-separated).
 */
const boot = document.querySelector<HTMLScriptElement>('script[data-entry]');
let started = false;

function start() {
  if (started || !boot?.dataset.entry) return;
  started = true;
  const head = document.head;
  // Vite's loader adds a stylesheet link for each CSS file of a chunk it loads unless it finds
  // `link[rel=stylesheet][href=…]`; the page's are inline already. A disabled link is never
  // fetched and tells it so (a module an island loads later, with its own CSS, still gets it).
  for (const style of document.querySelectorAll<HTMLStyleElement>('style[data-href]')) {
    const link = document.createElement('link');
    link.setAttribute('disabled', '');
    link.rel = 'stylesheet';
    link.setAttribute('href', style.dataset.href ?? '');
    head.append(link);
  }
  for (const href of (boot.dataset.preload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = boot.dataset.entry;
  head.append(script);
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
