/** Where the server keeps the site's prefetch rules (`src/http/site/discovery.rs`). */
export const SPECULATION_RULES_URL = '/speculation-rules.json';

/**
 * Adds the site's prefetch rules to the page: a browser that knows speculation rules then
 * fetches the public page a visitor's pointer rests on (or presses) before the click, so the
 * next page shows as quickly as a move inside an app. The islands' entry calls it once the
 * islands run, not before the first paint: a `Speculation-Rules` header or a rules script in
 * the HTML would be one more request competing with the page's first picture. The server
 * keeps the rules (which pages are left out), so they are fetched, then added as a
 * `<script type="speculationrules">` (the policy's `'inline-speculation-rules'`), asked for
 * again each time (`no-cache`: a 304 once the browser has them): the rules' answer may be
 * served stale while revalidated, and a revalidation in the background would be a request
 * that never ends for the page's tools. A browser without them gets nothing, and loses
 * nothing: links work as links.
 */
export async function addSpeculationRules(): Promise<boolean> {
  if (!HTMLScriptElement.supports?.('speculationrules')) return false;
  if (document.querySelector('script[type="speculationrules"]')) return true;
  try {
    const response = await fetch(SPECULATION_RULES_URL, { cache: 'no-cache', credentials: 'omit' });
    if (!response.ok) return false;
    const script = document.createElement('script');
    script.type = 'speculationrules';
    script.textContent = await response.text();
    document.head.append(script);
    return true;
  } catch {
    return false;
  }
}
