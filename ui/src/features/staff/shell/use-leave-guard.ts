import { useEffect } from 'preact/hooks';

/** What the confirmation asks when no other words are given. */
export const LEAVE_MESSAGE = 'You have changes that are not saved. Leave this page and lose them?';

/** The messages of the guards in force (the last one asks); the history's own methods while any is. */
const guards: string[] = [];
let restore: (() => void) | null = null;
let passing = false;
// The entry the guarded page is at (React Router keeps its index as `state.idx`).
let here: { state: unknown; url: string } = { state: null, url: '' };
let returning = false;

function message(): string | undefined {
  return passing ? undefined : guards[guards.length - 1];
}

function pathOf(url: string | URL | null | undefined): string | null {
  if (url === undefined || url === null || url === '') return null;
  const target = new URL(String(url), window.location.href);
  return target.pathname;
}

/** Leaving: the person says so. A change of the query or hash alone stays on the page. */
function mayGo(url: string | URL | null | undefined): boolean {
  const asking = message();
  const path = pathOf(url);
  if (!asking || path === null || path === window.location.pathname) return true;
  return window.confirm(asking);
}

function indexOf(state: unknown): number | null {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}

function install(): () => void {
  const { history } = window;
  const push = history.pushState;
  const replace = history.replaceState;
  here = { state: history.state, url: window.location.href };
  returning = false;
  history.pushState = function pushState(state, unused, url) {
    if (!mayGo(url)) return;
    push.call(history, state, unused, url);
    here = { state: history.state, url: window.location.href };
  };
  history.replaceState = function replaceState(state, unused, url) {
    if (!mayGo(url)) return;
    replace.call(history, state, unused, url);
    here = { state: history.state, url: window.location.href };
  };
  // Back and Forward: the address has changed already; asked first, the router hears of it
  // only when the person leaves, and otherwise the browser goes back to the page it left.
  const onPop = (event: PopStateEvent) => {
    if (returning) {
      returning = false;
      event.stopImmediatePropagation();
      return;
    }
    const asking = message();
    const samePage = new URL(here.url).pathname === window.location.pathname;
    if (!asking || samePage || window.confirm(asking)) {
      here = { state: history.state, url: window.location.href };
      return;
    }
    event.stopImmediatePropagation();
    const from = indexOf(here.state);
    const to = indexOf(event.state);
    if (from !== null && to !== null && from !== to) {
      returning = true;
      history.go(from - to);
    } else {
      push.call(history, here.state, '', here.url);
    }
  };
  // Reload, closing the tab, a link out of the app: the browser's own question.
  const onUnload = (event: BeforeUnloadEvent) => {
    const asking = message();
    if (!asking) return;
    event.preventDefault();
    event.returnValue = asking;
  };
  window.addEventListener('popstate', onPop, { capture: true });
  window.addEventListener('beforeunload', onUnload);
  return () => {
    history.pushState = push;
    history.replaceState = replace;
    window.removeEventListener('popstate', onPop, { capture: true });
    window.removeEventListener('beforeunload', onUnload);
  };
}

/**
 * While `dirty`, leaving the page asks first, and a "no" keeps the person on it with
 * everything as it was: a move inside the app (a staff bar link, any `Link` or `navigate`,
 * Back and Forward) asks with `window.confirm(message)`, and a reload, closing the tab or a
 * link out of the app with the browser's own question (`beforeunload`, whose words the
 * browser chooses). A change of the query or hash alone is not leaving.
 *
 * How: the app runs in a `BrowserRouter`, which moves by `history.pushState`/`replaceState`
 * and hears Back by `popstate`; while a guard is in force those two methods ask before they
 * move, and a `popstate` listener that runs before the router's asks, then either lets the
 * router hear of it or goes back to the page.
 *
 * `dirty` is what the form holds against what was loaded or last saved. To move on purpose
 * right after saving (before the render that clears `dirty`), wrap the move in
 * `leaveWithoutAsking`.
 */
export function useLeaveGuard(dirty: boolean, message: string = LEAVE_MESSAGE): void {
  useEffect(() => {
    if (!dirty) return;
    guards.push(message);
    if (guards.length === 1) restore = install();
    return () => {
      guards.splice(guards.lastIndexOf(message), 1);
      if (guards.length === 0) {
        restore?.();
        restore = null;
      }
    };
  }, [dirty, message]);
}

/** Runs `go` (a `navigate(...)` after a save) without asking, whatever guards are in force. */
export function leaveWithoutAsking(go: () => void): void {
  passing = true;
  try {
    go();
  } finally {
    passing = false;
  }
}
