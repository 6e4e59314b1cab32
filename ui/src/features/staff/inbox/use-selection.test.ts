import { act, renderHook } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { EMPTY, pageState, selectAllMatching, toggle, togglePage, useSelection } from './use-selection';

const PAGE = ['a', 'b', 'c', 'd', 'e', 'f'];
const ticked = (state: { ids: ReadonlySet<string> }) => [...state.ids].sort();

describe('selecting rows', () => {
  it('ticks one row at a time and remembers it as the anchor', () => {
    const one = toggle(EMPTY, PAGE, 'b', false);
    expect(ticked(one)).toEqual(['b']);
    expect(one.anchor).toBe('b');
    expect(ticked(toggle(one, PAGE, 'b', false))).toEqual([]);
  });

  it('ticks the range from the anchor with shift, downwards and upwards', () => {
    const down = toggle(toggle(EMPTY, PAGE, 'b', false), PAGE, 'e', true);
    expect(ticked(down)).toEqual(['b', 'c', 'd', 'e']);
    const up = toggle(toggle(EMPTY, PAGE, 'e', false), PAGE, 'c', true);
    expect(ticked(up)).toEqual(['c', 'd', 'e']);
    // The range's rows take the state the clicked row gets: unticking with shift unticks them.
    const untick = toggle(toggle(down, PAGE, 'c', false), PAGE, 'e', true);
    expect(ticked(untick)).toEqual(['b']);
  });

  it('takes shift without an anchor, or with an anchor no longer on the page, as one row', () => {
    expect(ticked(toggle(EMPTY, PAGE, 'd', true))).toEqual(['d']);
    const elsewhere = { ids: new Set(['z']), anchor: 'z', allMatching: false };
    expect(ticked(toggle(elsewhere, PAGE, 'd', true))).toEqual(['d', 'z']);
  });

  it('ticks the whole page from the header, and unticks it all from there again', () => {
    const some = toggle(EMPTY, PAGE, 'a', false);
    expect(pageState(some, PAGE)).toBe('some');
    const all = togglePage(some, PAGE);
    expect(pageState(all, PAGE)).toBe('all');
    expect(pageState(togglePage(all, PAGE), PAGE)).toBe('none');
  });

  it('chooses every row matching, and leaves that choice when a row is unticked', () => {
    const all = selectAllMatching(PAGE);
    expect(all.allMatching).toBe(true);
    expect(pageState(all, PAGE)).toBe('all');
    const less = toggle(all, PAGE, 'c', false);
    expect(less.allMatching).toBe(false);
    expect(ticked(less)).toEqual(['a', 'b', 'd', 'e', 'f']);
  });
});

describe('the selection hook', () => {
  it('starts again when the list or its filters change, and counts only rows still shown', () => {
    const { result, rerender } = renderHook(({ ids, key }) => useSelection(ids, key), {
      initialProps: { ids: PAGE, key: 'enquiries?{}' },
    });
    act(() => result.current.toggle('a', false));
    act(() => result.current.toggle('c', true));
    expect(result.current.count).toBe(3);
    rerender({ ids: ['b', 'c', 'd'], key: 'enquiries?{}' });
    expect(result.current.count).toBe(2);
    rerender({ ids: PAGE, key: 'enquiries?{"q":"asha"}' });
    expect(result.current.count).toBe(0);
  });

  it('clears with Escape, but not while a field is being typed in', () => {
    const { result } = renderHook(() => useSelection(PAGE, 'k'));
    act(() => result.current.selectAllMatching());
    const field = document.createElement('input');
    document.body.append(field);
    act(() => {
      field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(result.current.state.allMatching).toBe(true);
    act(() => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(result.current.count).toBe(0);
    expect(result.current.state.allMatching).toBe(false);
    field.remove();
  });
});
