import { fireEvent, render, screen } from '@testing-library/preact';
import { render as renderInto } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BlogSearch } from './blog-search';

function box(): HTMLInputElement {
  return screen.getByRole('searchbox', { name: 'Search the blogs' }) as HTMLInputElement;
}

function type(text: string) {
  fireEvent.input(box(), { target: { value: text } });
}

describe('blog search box', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('searches once when typing pauses, with the text trimmed', () => {
    const onSearch = vi.fn();
    render(<BlogSearch query="" onSearch={onSearch} />);
    type('Heal');
    vi.advanceTimersByTime(200);
    type('Healthcare ');
    vi.advanceTimersByTime(349);
    expect(onSearch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onSearch.mock.calls).toEqual([['Healthcare']]);
  });

  it('Enter searches at once, and a pause after it does not search again', () => {
    const onSearch = vi.fn();
    render(<BlogSearch query="" onSearch={onSearch} />);
    type('labs');
    fireEvent.submit(box().form as HTMLFormElement);
    expect(onSearch.mock.calls).toEqual([['labs']]);
    vi.advanceTimersByTime(1000);
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('a URL that moves under the box (back, forward) is shown and never searched, however late the render', async () => {
    // Rendered without act, so effects and renders come when the browser would let them:
    // the timers may run between the new URL's first render and the state that follows it.
    const container = document.createElement('div');
    document.body.append(container);
    const onSearch = vi.fn();
    renderInto(<BlogSearch query="zzqxv no such words" onSearch={onSearch} />, container);
    vi.advanceTimersByTime(1000);
    renderInto(<BlogSearch query="" onSearch={onSearch} />, container);
    vi.advanceTimersByTime(1000);
    renderInto(<BlogSearch query="zzqxv no such words" onSearch={onSearch} />, container);
    vi.advanceTimersByTime(1000);
    expect(onSearch).not.toHaveBeenCalled();
    // Once the renders have come, the box shows the URL's search.
    await vi.advanceTimersByTimeAsync(1000);
    expect(container.querySelector('input')?.value).toBe('zzqxv no such words');
    expect(onSearch).not.toHaveBeenCalled();
    renderInto(null, container);
    container.remove();
  });

  it('back while a search still waits drops it and shows the URL’s text', () => {
    const onSearch = vi.fn();
    const { rerender } = render(<BlogSearch query="labs" onSearch={onSearch} />);
    type('labs and kits');
    rerender(<BlogSearch query="" onSearch={onSearch} />);
    vi.advanceTimersByTime(1000);
    expect(onSearch).not.toHaveBeenCalled();
    expect(box().value).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
  });

  it('typing on while its own search lands keeps every letter, and searches for them', () => {
    const onSearch = vi.fn();
    const { rerender } = render(<BlogSearch query="" onSearch={onSearch} />);
    type('lab');
    vi.advanceTimersByTime(350);
    expect(onSearch.mock.calls).toEqual([['lab']]);
    type('labs');
    // The URL shows the first search only now.
    rerender(<BlogSearch query="lab" onSearch={onSearch} />);
    expect(box().value).toBe('labs');
    vi.advanceTimersByTime(350);
    expect(onSearch.mock.calls).toEqual([['lab'], ['labs']]);
  });

  it('Clear search empties the box and searches for everything', () => {
    const onSearch = vi.fn();
    render(<BlogSearch query="labs" onSearch={onSearch} />);
    expect(box().value).toBe('labs');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onSearch.mock.calls).toEqual([['']]);
    expect(box().value).toBe('');
    vi.advanceTimersByTime(1000);
    expect(onSearch).toHaveBeenCalledTimes(1);
  });
});
