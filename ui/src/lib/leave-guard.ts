/**
 * Asking before leaving a page with changes not saved, for the whole app (the staff shell's
 * `useLeaveGuard` holds a page here). The app runs in a `BrowserRouter`, which moves by
 * `history.pushState`/`replaceState` and hears Back and Forward by `popstate`: from
 * `startLeaveGuard` on, those two methods ask before they move while a page is held, and a
 * `popstate` listener added before the router's (a window's listeners run in the order they
 * were added) asks first, then either lets the router hear of it or goes back to the page.
 * A reload, closing the tab or a link out of the app get the browser's own question
 * (`beforeunload`). A change of the query or hash alone is not leaving.
 */

/** The messages of the pages held (the last one asks). */
const held: string[] = [];
let started = false;
let passing = false;
// The entry the page is at (React Router keeps its index as `state.idx`).
let here: { state: unknown; url: string } = { state: null, url: '' };
let returning = false;

function asking(): string | undefined {
  return passing ? undefined : held[held.length - 1];
}

function noteHere() {
  here = { state: window.history.state, url: window.location.href };
}

/** Leaving for `url`: the person says so. */
function mayGo(url: string | URL | null | undefined): boolean {
  const question = asking();
  if (!question || url === undefined || url === null || url === '') return true;
  const path = new URL(String(url), window.location.href).pathname;
  return path === window.location.pathname || window.confirm(question);
}

function indexOf(state: unknown): number | null {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}

/**
 * Puts the guard in place; the app calls it before the router starts, so that its
 * `popstate` listener is the first. Once is enough (later calls do nothing); in the browser only.
 */
export function startLeaveGuard(): void {
  if (started) return;
  started = true;
  const { history } = window;
  const push = history.pushState;
  const replace = history.replaceState;
  noteHere();
  history.pushState = function pushState(state, unused, url) {
    if (!mayGo(url)) return;
    push.call(history, state, unused, url);
    noteHere();
  };
  history.replaceState = function replaceState(state, unused, url) {
    if (!mayGo(url)) return;
    replace.call(history, state, unused, url);
    noteHere();
  };
  // Back and Forward: the address has changed already when this comes.
  window.addEventListener('popstate', (event) => {
    if (returning) {
      returning = false;
      event.stopImmediatePropagation();
      return;
    }
    const question = asking();
    const samePage = new URL(here.url).pathname === window.location.pathname;
    if (!question || samePage || window.confirm(question)) {
      noteHere();
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
  });
  window.addEventListener('beforeunload', (event) => {
    const question = asking();
    if (!question) return;
    event.preventDefault();
    event.returnValue = question;
  });
}

/** Holds the page: leaving asks `message` until the answered function is called. */
export function holdLeave(message: string): () => void {
  startLeaveGuard();
  held.push(message);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.splice(held.lastIndexOf(message), 1);
  };
}

/** Runs `go` (a `navigate(...)` after a save) without asking, whatever pages are held. */
export function leaveWithoutAsking(go: () => void): void {
  passing = true;
  try {
    go();
  } finally {
    passing = false;
  }
}
