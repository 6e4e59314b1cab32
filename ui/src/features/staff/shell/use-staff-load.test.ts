import { act, renderHook, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { useStaffLoad } from './use-staff-load';

/** Loads that wait until the test answers each, in any order. */
function loads<T>() {
  const waiting = new Map<string, (value: T) => void>();
  const load = (key: string) => () =>
    new Promise<T>((resolve) => {
      waiting.set(key, resolve);
    });
  const answer = async (key: string, value: T) => {
    await act(async () => waiting.get(key)?.(value));
  };
  return { load, answer };
}

describe('a staff screen’s load', () => {
  it('is loading, then holds the answer', async () => {
    const { load, answer } = loads<string>();
    const { result } = renderHook(() => useStaffLoad(load('a'), [], 'No.'));
    expect(result.current).toMatchObject({ loading: true, data: null, error: '' });
    await answer('a', 'the team');
    expect(result.current).toMatchObject({ loading: false, data: 'the team', error: '' });
  });

  it('shows only the newest key’s answer, and what was shown while it loads', async () => {
    const { load, answer } = loads<string>();
    const { result, rerender } = renderHook(
      (props: { key: string }) => useStaffLoad(load(props.key), [props.key], 'No.'),
      {
        initialProps: { key: 'page 1' },
      },
    );
    await answer('page 1', 'first page');
    rerender({ key: 'page 2' });
    rerender({ key: 'page 3' });
    expect(result.current).toMatchObject({ loading: true, data: 'first page' });
    await answer('page 3', 'third page');
    await answer('page 2', 'second page');
    expect(result.current.data).toBe('third page');
  });

  it('starts from nothing on a new key when fresh', async () => {
    const { load, answer } = loads<string>();
    const { result, rerender } = renderHook(
      (props: { key: string }) => useStaffLoad(load(props.key), [props.key], 'No.', { fresh: true }),
      { initialProps: { key: 'a' } },
    );
    await answer('a', 'item a');
    rerender({ key: 'b' });
    await waitFor(() => expect(result.current.data).toBeNull());
  });

  it('says its failure, and loads again on reload', async () => {
    let fails = true;
    const { result } = renderHook(() =>
      useStaffLoad(
        async () => {
          if (fails) throw new ApiError('Your role cannot open this.', 403, {}, true);
          return 'sessions';
        },
        [],
        'The sessions could not be loaded.',
      ),
    );
    await waitFor(() => expect(result.current.error).toBe('Your role cannot open this.'));
    expect(result.current.loading).toBe(false);
    fails = false;
    await act(() => result.current.reload());
    expect(result.current).toMatchObject({ data: 'sessions', error: '' });
  });

  it('shows a change’s answer without loading again', async () => {
    const { load, answer } = loads<string>();
    const { result } = renderHook(() => useStaffLoad(load('a'), [], 'No.'));
    await answer('a', 'old');
    act(() => result.current.setData('saved'));
    expect(result.current.data).toBe('saved');
  });
});
