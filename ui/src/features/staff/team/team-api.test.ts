import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerEvery, jsonResponse } from '@/lib/test-fetch';
import { homeFor, linkApi, teamApi, tokenOf } from './team-api';

describe('the team API', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends each change to its path and method, with the CSRF header on staff changes', async () => {
    const fetchMock = answerEvery({ accounts: [], invites: [] });
    await teamApi.setRoles(7, ['editor', 'sales']);
    await teamApi.remove(7);
    await teamApi.resend(3);
    await teamApi.revoke(3);
    await teamApi.invite({ email: 'a@b.example', name: 'A', roles: ['recruiter'] });
    const calls = fetchMock.mock.calls.map(([url, init]) => [String(url), (init as RequestInit).method]);
    expect(calls).toEqual([
      ['/api/staff/team/accounts/7/roles', 'PUT'],
      ['/api/staff/team/accounts/7', 'DELETE'],
      ['/api/staff/team/invites/3/resend', 'POST'],
      ['/api/staff/team/invites/3', 'DELETE'],
      ['/api/staff/team/invites', 'POST'],
    ]);
    for (const [, init] of fetchMock.mock.calls) {
      expect((init as RequestInit).headers).toHaveProperty('X-CSRF-Token');
    }
    const [, first] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(first.body))).toEqual({
      roles: ['editor', 'sales'],
    });
  });

  it('resets an account’s second factor, then reads the team; reads and saves the factor rule', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response(null, { status: 204 }))
      .mockResolvedValueOnce(jsonResponse(200, { accounts: [], invites: [] }))
      .mockResolvedValueOnce(jsonResponse(200, { required_roles: ['owner', 'recruiter'] }))
      .mockResolvedValueOnce(jsonResponse(200, { required_roles: ['owner'] }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(teamApi.resetFactors(7)).resolves.toEqual({ accounts: [], invites: [] });
    await expect(teamApi.factorPolicy()).resolves.toEqual({ required_roles: ['owner', 'recruiter'] });
    await expect(teamApi.setFactorPolicy(['owner'])).resolves.toEqual({ required_roles: ['owner'] });
    const calls = fetchMock.mock.calls.map(([url, init]) => [
      (init as RequestInit).method,
      String(url),
      (init as RequestInit).body === undefined ? undefined : JSON.parse(String((init as RequestInit).body)),
    ]);
    expect(calls).toEqual([
      ['POST', '/api/staff/team/accounts/7/reset-factors', {}],
      ['GET', '/api/staff/team', undefined],
      ['GET', '/api/staff/team/second-factor', undefined],
      ['PUT', '/api/staff/team/second-factor', { required_roles: ['owner'] }],
    ]);
  });

  it('answers a used link with its 410 message, and never sends the browser to /login', async () => {
    const message =
      'This invite link was used, revoked or has expired. Ask an owner of the team to send a new invite.';
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(async () => jsonResponse(410, { message })),
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    await expect(linkApi.checkInvite('abc')).rejects.toMatchObject({ status: 410, message });
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('where a new account lands', () => {
  it.each([
    [['applicants'], '/staff'],
    [['enquiries', 'subscribers'], '/staff'],
    [['stories'], '/staff/stories'],
    [['company'], '/staff/settings'],
  ] as const)('%j opens %s', (areas, path) => {
    expect(homeFor(areas)).toBe(path);
  });

  it('reads the token of the link', () => {
    expect(tokenOf('?token=ab12')).toBe('ab12');
    expect(tokenOf('')).toBe('');
  });
});
