import { useEffect, useState } from 'preact/hooks';

/** The rows ticked on the page shown, and whether "every row matching the filter" was chosen. */
export interface SelectionState {
  ids: ReadonlySet<string>;
  /** The row a shift-click's range starts from: the last one ticked or unticked alone. */
  anchor: string | null;
  /** Every row the list's filter matches, on every page (the bulk action sends the filter). */
  allMatching: boolean;
}

export const EMPTY: SelectionState = { ids: new Set(), anchor: null, allMatching: false };

/** How much of the page is ticked: what the header checkbox shows. */
export type PageState = 'none' | 'some' | 'all';

export function pageState(state: SelectionState, pageIds: readonly string[]): PageState {
  const ticked = pageIds.filter((id) => state.ids.has(id)).length;
  if (ticked === 0) return 'none';
  return ticked === pageIds.length ? 'all' : 'some';
}

/** Ticks or unticks one row; with `range` (shift held), every row from the anchor to it takes
 * the state the clicked row gets, as in a mail program. Unticking any row leaves "all matching". */
export function toggle(
  state: SelectionState,
  pageIds: readonly string[],
  id: string,
  range: boolean,
): SelectionState {
  const on = !state.ids.has(id);
  const ids = new Set(state.ids);
  const from = range && state.anchor !== null ? pageIds.indexOf(state.anchor) : -1;
  const to = pageIds.indexOf(id);
  if (from >= 0 && to >= 0) {
    const [start, end] = from <= to ? [from, to] : [to, from];
    for (const each of pageIds.slice(start, end + 1)) {
      if (on) ids.add(each);
      else ids.delete(each);
    }
  } else if (on) {
    ids.add(id);
  } else {
    ids.delete(id);
  }
  return { ids, anchor: id, allMatching: state.allMatching && on };
}

/** The header checkbox: ticks the whole page, or unticks everything when the page is all ticked. */
export function togglePage(state: SelectionState, pageIds: readonly string[]): SelectionState {
  if (pageState(state, pageIds) === 'all') return EMPTY;
  return { ids: new Set(pageIds), anchor: null, allMatching: false };
}

/** Every row matching the filter: the page's rows shown ticked, the action sent as the filter. */
export function selectAllMatching(pageIds: readonly string[]): SelectionState {
  return { ids: new Set(pageIds), anchor: null, allMatching: true };
}

export interface Selection {
  state: SelectionState;
  /** How many rows are ticked on the page. */
  count: number;
  page: PageState;
  isSelected: (id: string) => boolean;
  toggle: (id: string, range: boolean) => void;
  togglePage: () => void;
  selectAllMatching: () => void;
  clear: () => void;
}

/** The selection of a page of rows (`pageIds`, in the order shown). It starts empty again
 * whenever `resetKey` (the list, its filters and page) changes, and Escape clears it, unless
 * the key was for a field being typed in. */
export function useSelection(pageIds: readonly string[], resetKey: string): Selection {
  const [state, setState] = useState<SelectionState>(EMPTY);
  useEffect(() => setState(EMPTY), [resetKey]);
  // Listening from the first render (not once something is ticked): an Escape pressed right
  // after a tick must find the listener there.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      const typing =
        target instanceof HTMLTextAreaElement ||
        target instanceof HTMLSelectElement ||
        (target instanceof HTMLInputElement && target.type !== 'checkbox');
      if (!typing) setState((was) => (was.ids.size > 0 ? EMPTY : was));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  // Only the rows still shown count (a row erased elsewhere leaves the page).
  const shown = { ...state, ids: new Set(pageIds.filter((id) => state.ids.has(id))) };
  return {
    state: shown,
    count: shown.ids.size,
    page: pageState(shown, pageIds),
    isSelected: (id) => shown.ids.has(id),
    toggle: (id, range) => setState((was) => toggle(was, pageIds, id, range)),
    togglePage: () => setState((was) => togglePage(was, pageIds)),
    selectAllMatching: () => setState(selectAllMatching(pageIds)),
    clear: () => setState(EMPTY),
  };
}
