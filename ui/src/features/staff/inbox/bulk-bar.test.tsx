import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, parts } from '@/lib/test-fetch';
import { BulkBar, doneMessage } from './bulk-bar';
import { EMPTY, type Selection, selectAllMatching, toggle, togglePage } from './use-selection';

const PAGE = ['e1', 'e2', 'e3'];

/** A selection as the hook gives it, fixed at `state`, recording what the bar asks of it. */
function selectionOf(state = EMPTY): Selection & { asked: string[] } {
  const asked: string[] = [];
  const ids = new Set(PAGE.filter((id) => state.ids.has(id)));
  return {
    asked,
    state: { ...state, ids },
    count: ids.size,
    page: ids.size === 0 ? 'none' : ids.size === PAGE.length ? 'all' : 'some',
    isSelected: (id) => ids.has(id),
    toggle: () => asked.push('toggle'),
    togglePage: () => asked.push('page'),
    selectAllMatching: () => asked.push('all matching'),
    clear: () => asked.push('clear'),
  };
}

describe('the bulk bar', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says how many are selected and offers every row matching once the page is', () => {
    const whole = selectionOf(togglePage(EMPTY, PAGE));
    render(
      <BulkBar
        list="enquiries"
        filters={{ q: 'spam' }}
        selection={whole}
        pageSize={3}
        total={1234}
        capped={false}
        onDone={() => {}}
      />,
    );
    expect(screen.getByText(/All 3 on this page are selected/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Select all 1,234 matching this filter/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(whole.asked).toEqual(['all matching', 'clear']);
    const csv = screen.getByRole('link', { name: 'Export selected (CSV)' });
    expect(parts(csv.getAttribute('href') ?? '').search).toBe('?q=spam&ids=e1,e2,e3');
  });

  it('is only a status line when nothing is selected', () => {
    render(
      <BulkBar
        list="enquiries"
        filters={{}}
        selection={selectionOf()}
        pageSize={3}
        total={3}
        capped={false}
        onDone={() => {}}
      />,
    );
    expect(screen.queryByRole('region', { name: 'Selected items' })).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('marks every row matching as spam by the filter and says how many it did', async () => {
    const fetchMock = vi.fn().mockImplementation(async () => jsonResponse(200, { done: 28 }));
    vi.stubGlobal('fetch', fetchMock);
    const onDone = vi.fn();
    const all = selectionOf(selectAllMatching(PAGE));
    render(
      <BulkBar
        list="enquiries"
        filters={{ q: 'casino', page: '2' }}
        selection={all}
        pageSize={3}
        total={30}
        capped={false}
        onDone={onDone}
      />,
    );
    expect(screen.getByText(/All 30 enquiries matching this filter are selected/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as spam' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(parts(url).segments).toEqual(['api', 'staff', 'inbox', 'enquiries', 'bulk']);
    expect(JSON.parse(String(init.body))).toEqual({
      action: 'status',
      status: 'spam',
      filter: 'q=casino',
      expected: 30,
    });
    expect(screen.getByRole('status').textContent).toBe(
      '28 enquiries marked as spam (2 were no longer in the list).',
    );
    expect(all.asked).toEqual(['clear']);
  });

  it('erases the ticked ids only after the confirmation naming their count', async () => {
    const fetchMock = vi.fn().mockImplementation(async () => jsonResponse(200, { done: 2 }));
    vi.stubGlobal('fetch', fetchMock);
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    const two = selectionOf(toggle(toggle(EMPTY, PAGE, 'e1', false), PAGE, 'e3', false));
    render(
      <BulkBar
        list="applicants"
        filters={{}}
        selection={two}
        pageSize={3}
        total={3}
        capped={false}
        onDone={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Erase…' }));
    expect(confirm).toHaveBeenCalledWith(
      'Erase 2 applicants? They go to the trash, whence they can be restored until erased for good.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Erase…' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ action: 'erase', ids: ['e1', 'e3'], expected: 2 });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('2 applicants moved to the trash.'),
    );
  });

  it('words what was done for one and for many', () => {
    expect(doneMessage('subscribers', 1, 1, 'done')).toBe('1 subscriber set to Done.');
    expect(doneMessage('enquiries', 4, 5, 'in_progress')).toBe(
      '4 enquiries set to In progress (1 was no longer in the list).',
    );
  });
});
