import { act, cleanup, render, screen } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLeaveGuard } from '@/lib/leave-guard';
import { LEAVE_MESSAGE, leaveWithoutAsking, useLeaveGuard } from './use-leave-guard';

function Editor() {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  useLeaveGuard(text !== '');
  return (
    <div>
      <input aria-label="Text" value={text} onInput={(e) => setText(e.currentTarget.value)} />
      <button type="button" onClick={() => navigate('/staff')}>
        Inbox
      </button>
      <button type="button" onClick={() => navigate('/staff/settings?tab=2')}>
        Same page
      </button>
      <button type="button" onClick={() => leaveWithoutAsking(() => navigate('/staff'))}>
        Saved, go
      </button>
    </div>
  );
}

function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/staff/settings" element={<Editor />} />
        <Route path="/staff" element={<p>Inbox page</p>} />
      </Routes>
    </BrowserRouter>
  );
}

function type(value: string) {
  const field = screen.getByLabelText('Text') as HTMLInputElement;
  act(() => {
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
  return field;
}

/** The browser's own move (Back), past any guard. */
function browserMoves(state: unknown, url: string) {
  History.prototype.replaceState.call(window.history, state, '', url);
}

function unload(): BeforeUnloadEvent {
  const event = new Event('beforeunload', { cancelable: true }) as BeforeUnloadEvent;
  window.dispatchEvent(event);
  return event;
}

describe('useLeaveGuard', () => {
  let confirm = vi.fn();

  // As the app does, before any router listens to Back.
  beforeAll(() => startLeaveGuard());

  beforeEach(() => {
    window.history.replaceState({ idx: 0 }, '', '/staff');
    window.history.pushState({ idx: 1 }, '', '/staff/settings');
    confirm = vi.fn().mockReturnValue(false);
    vi.stubGlobal('confirm', confirm);
  });
  afterEach(async () => {
    cleanup();
    // Preact runs an unmounted component's effect cleanups after the frame.
    await vi.waitFor(() => expect(unload().defaultPrevented).toBe(false));
    vi.unstubAllGlobals();
  });

  it('asks nothing while nothing has changed', () => {
    render(<App />);
    expect(unload().defaultPrevented).toBe(false);
    act(() => screen.getByText('Inbox').click());
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.getByText('Inbox page')).toBeTruthy();
  });

  it('asks before a move in the app; a no keeps the page and what was typed', () => {
    render(<App />);
    type('draft');
    act(() => screen.getByText('Inbox').click());
    expect(confirm).toHaveBeenCalledWith(LEAVE_MESSAGE);
    expect(window.location.pathname).toBe('/staff/settings');
    expect((screen.getByLabelText('Text') as HTMLInputElement).value).toBe('draft');
  });

  it('leaves on a yes, and the guard goes with the page', async () => {
    render(<App />);
    type('draft');
    confirm.mockReturnValue(true);
    act(() => screen.getByText('Inbox').click());
    expect(window.location.pathname).toBe('/staff');
    expect(screen.getByText('Inbox page')).toBeTruthy();
    await vi.waitFor(() => expect(unload().defaultPrevented).toBe(false));
  });

  it('asks the browser’s own question before a reload or closing the tab, only while dirty', () => {
    render(<App />);
    type('draft');
    expect(unload().defaultPrevented).toBe(true);
    type('');
    expect(unload().defaultPrevented).toBe(false);
  });

  it('lets a change of the query alone through, and a move on purpose after a save', () => {
    render(<App />);
    type('draft');
    act(() => screen.getByText('Same page').click());
    expect(window.location.search).toBe('?tab=2');
    act(() => screen.getByText('Saved, go').click());
    expect(confirm).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/staff');
  });

  it('asks on Back: a no goes back to the page before the router hears of it', () => {
    render(<App />);
    type('draft');
    // The browser goes forward again, and says so with a popstate the router must not hear.
    const go = vi.spyOn(window.history, 'go').mockImplementation(() => {
      browserMoves({ idx: 1 }, '/staff/settings');
      window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 1 } }));
    });
    // The browser has moved back already when popstate comes.
    browserMoves({ idx: 0 }, '/staff');
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 0 } }));
    });
    expect(confirm).toHaveBeenCalledWith(LEAVE_MESSAGE);
    expect(go).toHaveBeenCalledWith(1);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/staff/settings');
    expect(screen.queryByText('Inbox page')).toBeNull();
    expect((screen.getByLabelText('Text') as HTMLInputElement).value).toBe('draft');
    go.mockRestore();
  });

  it('on Back with a yes, the router shows where the person went', () => {
    render(<App />);
    type('draft');
    confirm.mockReturnValue(true);
    browserMoves({ idx: 0 }, '/staff');
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 0 } }));
    });
    expect(screen.getByText('Inbox page')).toBeTruthy();
  });
});
