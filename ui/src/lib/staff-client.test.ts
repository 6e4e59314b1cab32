import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/lib/test-fetch';
import { ApiError } from './api-client';
import { loginPath, setCsrfToken, staffApi } from './staff-client';

describe('the authenticated client (401 and 403 send the browser to /login)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([401, 403])(
    'on %i sends the browser to /login with the way back, logs and re-throws',
    async (status) => {
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
        vi.fn().mockResolvedValue(jsonResponse(status, { message: 'Please sign in to continue.' })),
      );
      const failure = await staffApi.get('staff/inbox/enquiries').catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({ status });
      expect(assign).toHaveBeenCalledWith('/login?next=%2Fstaff%3Flist%3Dapplicants%26q%3Dzo%25C3%25AB');
      expect(warn).toHaveBeenCalledWith(
        `GET staff/inbox/enquiries failed (${status}): Please sign in to continue.`,
      );
    },
  );

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
