import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/lib/test-fetch';
import { ApiError } from './api-client';
import { loginPath, type SignInAgain, setCsrfToken, signInAgain, staffApi } from './staff-client';

const SESSION = {
  email: 'asha@corp.example',
  name: 'Asha',
  csrf_token: 'new-token',
  must_change_password: false,
  roles: ['owner'],
  areas: ['company'],
  second_factor: 'done',
  second_factor_ways: [],
};

describe('the authenticated client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('with no staff screen shown, sends the browser to /login on 401 with the way back, logs and re-throws', async () => {
    window.history.pushState({}, '', '/staff?list=applicants&q=zo%C3%AB');
    const assign = vi.fn();
    vi.stubGlobal('location', {
      ...window.location,
      assign,
      pathname: '/staff',
      search: '?list=applicants&q=zo%C3%AB',
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse(401, { message: 'Please sign in to continue.' })),
    );
    const failure = await staffApi.get('staff/inbox/enquiries').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledWith('/login?next=%2Fstaff%3Flist%3Dapplicants%26q%3Dzo%25C3%25AB');
    expect(warn).toHaveBeenCalledWith('GET staff/inbox/enquiries failed (401): Please sign in to continue.');
  });

  it('leaves other failures to the caller', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse(422, { message: 'Check', errors: { text: 'x' } })),
    );
    await expect(staffApi.postJson('staff/inbox/enquiries/1/notes', { text: '' })).rejects.toMatchObject({
      status: 422,
    });
    expect(assign).not.toHaveBeenCalled();
  });

  it('sends the CSRF token with every change and never with a read', async () => {
    const fetchMock = vi.fn().mockImplementation(async () => jsonResponse(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    setCsrfToken('t0ken');
    await staffApi.get('staff/session');
    await staffApi.postJson('staff/logout', {});
    await staffApi.delete('staff/inbox/enquiries/1');
    const sent = fetchMock.mock.calls.map((call) => [call[1]?.method, call[1]?.headers?.['X-CSRF-Token']]);
    expect(sent).toEqual([
      ['GET', undefined],
      ['POST', 't0ken'],
      ['DELETE', 't0ken'],
    ]);
  });

  it('builds the way back to the page', () => {
    expect(loginPath('/staff?list=subscribers')).toBe('/login?next=%2Fstaff%3Flist%3Dsubscribers');
  });
});

/** A fetch that answers each call of `path` with the next of `answers` (the last one after). */
function answering(routes: Record<string, Response[]>) {
  return vi.fn().mockImplementation(async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'https://www.example.com').pathname.replace(/^\/api\//, '');
    const key = `${init?.method ?? 'GET'} ${path}`;
    const queue = routes[key];
    if (!queue || queue.length === 0) throw new Error(`unexpected ${key}`);
    return queue.length > 1 ? queue.shift() : queue[0]?.clone();
  });
}

const ENDED = () => jsonResponse(401, { message: 'Please sign in to continue.' });

describe('a session that ends while a staff screen is open', () => {
  let asked: SignInAgain[] = [];
  let stop: () => void = () => {};

  beforeEach(() => {
    asked = [];
    stop = signInAgain.listen((next) => {
      if (next) asked.push(next);
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks once for concurrent failures, then sends each request once more with the new token', async () => {
    const fetchMock = answering({
      'PUT staff/settings': [ENDED(), jsonResponse(200, { saved: true })],
      'GET staff/inbox/enquiries': [ENDED(), jsonResponse(200, { rows: [] })],
    });
    vi.stubGlobal('fetch', fetchMock);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    setCsrfToken('old-token');
    const save = staffApi.putJson('staff/settings', { name: 'Corp' });
    const list = staffApi.get('staff/inbox/enquiries');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]?.error).toMatchObject({ status: 401 });
    expect(asked[0]?.waiting).toBeNull();
    // The dialog signed in: the new session's token is kept before the answer.
    setCsrfToken('new-token');
    signInAgain.settle(true);
    await expect(save).resolves.toEqual({ status: 200, body: { saved: true } });
    await expect(list).resolves.toEqual({ status: 200, body: { rows: [] } });
    expect(asked).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    const retried = fetchMock.mock.calls.find(
      (call, index) => index >= 2 && (call[1] as RequestInit | undefined)?.method === 'PUT',
    );
    const headers = (retried?.[1] as { headers?: Record<string, string> } | undefined)?.headers;
    expect(headers?.['X-CSRF-Token']).toBe('new-token');
    expect(assign).not.toHaveBeenCalled();
  });

  it('sends a request once more only once: a second refusal is the caller’s', async () => {
    const fetchMock = answering({ 'PUT staff/settings': [ENDED(), ENDED()] });
    vi.stubGlobal('fetch', fetchMock);
    const save = staffApi.putJson('staff/settings', {}).catch((e: unknown) => e);
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    signInAgain.settle(true);
    expect(await save).toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(asked).toHaveLength(1);
  });

  it('cancelled, rejects each waiting request with its own refusal, and asks again next time', async () => {
    const first = new ApiError('Please sign in to continue.', 401, {}, true);
    vi.stubGlobal('fetch', answering({ 'PUT staff/settings': [ENDED()], 'GET staff/settings': [ENDED()] }));
    const save = staffApi.putJson('staff/settings', {}).catch((e: unknown) => e);
    const read = staffApi.get('staff/settings').catch((e: unknown) => e);
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    signInAgain.settle(false);
    const [saved, readBack] = await Promise.all([save, read]);
    expect(saved).toBeInstanceOf(ApiError);
    expect(saved).toEqual(first);
    expect(readBack).toMatchObject({ status: 401 });
    // A later save opens the dialog again.
    const again = staffApi.putJson('staff/settings', {}).catch((e: unknown) => e);
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    signInAgain.settle(false);
    expect(await again).toMatchObject({ status: 401 });
  });

  it('leaves a role’s 403 to the screen: no dialog, no redirect', async () => {
    const refusal = {
      message: 'Your role does not include company details. Ask an owner of the team if you need it.',
    };
    vi.stubGlobal(
      'fetch',
      answering({
        'GET staff/settings': [jsonResponse(403, refusal)],
        'GET staff/session': [jsonResponse(200, SESSION)],
      }),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    setCsrfToken(SESSION.csrf_token);
    const failure = await staffApi.get('staff/settings').catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 403, message: refusal.message });
    expect(asked).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('asks for the second factor when the 403 is a session signed in again elsewhere with its password only', async () => {
    const waiting = { ...SESSION, second_factor: 'give', second_factor_ways: ['code'] };
    vi.stubGlobal(
      'fetch',
      answering({
        'PUT staff/settings': [
          jsonResponse(403, { message: 'Please finish signing in with your second factor.' }),
          jsonResponse(200, { saved: true }),
        ],
        'GET staff/session': [jsonResponse(200, waiting)],
      }),
    );
    const save = staffApi.putJson('staff/settings', {});
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]?.waiting).toMatchObject({ second_factor: 'give' });
    signInAgain.settle(true);
    await expect(save).resolves.toMatchObject({ body: { saved: true } });
  });

  it('takes the token of a session signed in again in another tab, and sends the change again', async () => {
    setCsrfToken('old-token');
    const fetchMock = answering({
      'PUT staff/settings': [
        jsonResponse(403, { message: 'This change was refused. Please reload the page and try again.' }),
        jsonResponse(200, { saved: true }),
      ],
      'GET staff/session': [jsonResponse(200, SESSION)],
    });
    vi.stubGlobal('fetch', fetchMock);
    await expect(staffApi.putJson('staff/settings', {})).resolves.toMatchObject({ body: { saved: true } });
    const sent = fetchMock.mock.calls.at(-1)?.[1] as { headers?: Record<string, string> } | undefined;
    expect(sent?.headers?.['X-CSRF-Token']).toBe('new-token');
    expect(asked).toHaveLength(0);
  });
});
