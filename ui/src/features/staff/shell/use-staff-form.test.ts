import { act, renderHook } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { apiMessageOr } from './failure';
import { fieldMessage, type StaffFormOptions, useStaffForm } from './use-staff-form';

/** A call that waits until the test answers it. */
function pending<T>() {
  let answer: (value: T) => void = () => {};
  let refuse: (error: unknown) => void = () => {};
  const promise = new Promise<T>((resolve, reject) => {
    answer = resolve;
    refuse = reject;
  });
  return { promise, answer, refuse };
}

const refused = (status: number, message: string, errors: Record<string, string> = {}) =>
  new ApiError(message, status, errors, true);

function form<Args extends unknown[] = [], Answer = unknown>(options: StaffFormOptions<Args, Answer>) {
  return renderHook(() => useStaffForm<Args, Answer>(options)).result;
}

describe('a staff form', () => {
  it('is busy while its call is out, and says what the success says', async () => {
    const call = pending<{ name: string }>();
    const result = form({ send: () => call.promise, done: (team) => `Saved ${team.name}.`, failure: 'No.' });
    let sent: Promise<void> = Promise.resolve();
    act(() => {
      sent = result.current.run();
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      call.answer({ name: 'Asha' });
      await sent;
    });
    expect(result.current.busy).toBe(false);
    expect(result.current.said).toBe('Saved Asha.');
    expect(result.current.error).toBe('');
  });

  it('shows the fields the API names beside them, and no message of the form', async () => {
    const result = form({
      send: () => Promise.reject(refused(422, 'Please check the form.', { email: 'Not an address.' })),
      failure: 'The invite could not be sent.',
    });
    await act(() => result.current.run());
    expect(result.current.errors).toEqual({ email: 'Not an address.' });
    expect(result.current.error).toBe('');
  });

  it('says the server’s words for a refusal without fields, and its fallback when no answer came', async () => {
    let error: unknown = refused(429, 'Too many tries: wait a minute.');
    const result = form({ send: () => Promise.reject(error), failure: 'The invite could not be sent.' });
    await act(() => result.current.run());
    expect(result.current.error).toBe('Too many tries: wait a minute.');
    error = new ApiError('We could not reach the server.', 0);
    await act(() => result.current.run());
    expect(result.current.error).toBe('The invite could not be sent.');
  });

  it('gives the words itself when its failure is a rule', async () => {
    const result = form({
      send: () => Promise.reject(new ApiError('We could not reach the server.', 0)),
      failure: apiMessageOr('That did not work.'),
    });
    await act(() => result.current.run());
    expect(result.current.error).toBe('We could not reach the server.');
  });

  it('says the form’s message when the API names only fields the form does not show', async () => {
    const result = form({
      send: () => Promise.reject(refused(422, 'Please check the code.', { other: 'Wrong.' })),
      fields: ['code'],
      failure: 'The code could not be checked.',
    });
    await act(() => result.current.run());
    expect(result.current.errors).toEqual({});
    expect(result.current.error).toBe('Please check the code.');
  });

  it('says everything at its one field when it has one', async () => {
    let error: unknown = refused(422, 'Please check the form.', { email: 'Not an address.' });
    const result = form({
      send: () => Promise.reject(error),
      failure: apiMessageOr('That did not work.'),
      failureAt: 'email',
    });
    await act(() => result.current.run());
    expect(result.current.errors).toEqual({ email: 'Not an address.' });
    error = refused(409, 'This address is a reader already.');
    await act(() => result.current.run());
    expect(result.current.errors).toEqual({ email: 'This address is a reader already.' });
    expect(result.current.error).toBe('');
  });

  it('sends nothing while its check finds a field wrong', async () => {
    const send = vi.fn(async () => null);
    const result = form({
      send,
      check: () => ({ roles: 'Choose at least one role.' }),
      failure: 'No.',
    });
    await act(() => result.current.run());
    expect(send).not.toHaveBeenCalled();
    expect(result.current.errors).toEqual({ roles: 'Choose at least one role.' });
  });

  it('clears every message as a call starts', async () => {
    let fail = true;
    const result = form({
      send: async () => {
        if (fail) throw refused(422, 'Check it.', { name: 'Too long.' });
        return null;
      },
      failure: 'No.',
    });
    await act(() => result.current.run());
    expect(result.current.errors).toEqual({ name: 'Too long.' });
    fail = false;
    await act(() => result.current.run());
    expect(result.current.errors).toEqual({});
  });

  it('keeps a spent link’s words apart, for the page that replaces the form', async () => {
    const result = form({
      send: () => Promise.reject(refused(410, 'This link was already used.')),
      spendable: true,
      failure: 'No.',
    });
    await act(() => result.current.run());
    expect(result.current.spent).toBe('This link was already used.');
    expect(result.current.error).toBe('');
  });

  it('hands its message to the screen’s line when it has one, emptied as a call starts', async () => {
    const onError = vi.fn();
    const result = form<[string]>({
      send: () => Promise.reject(refused(409, 'Someone else changed it.')),
      check: (name: string) => fieldMessage(!name, 'name', 'Give it a name.'),
      failure: 'No.',
      onError,
    });
    await act(() => result.current.run(''));
    expect(onError).not.toHaveBeenCalled();
    await act(() => result.current.run('Phone'));
    expect(onError.mock.calls).toEqual([[''], ['Someone else changed it.']]);
  });

  it('is the form’s onSubmit: the page does not reload', async () => {
    const send = vi.fn(async () => null);
    const result = form({ send, failure: 'No.' });
    const event = new Event('submit', { cancelable: true });
    await act(async () => result.current.submit(event));
    expect(event.defaultPrevented).toBe(true);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
