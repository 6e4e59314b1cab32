import { afterEach, describe, expect, it, vi } from 'vitest';
import { factorSignInApi, passkeyFailure } from '@/features/staff/shell/sign-in-api';
import { ApiError } from '@/lib/api-client';
import { setCsrfToken } from '@/lib/staff-client';
import { jsonResponse } from '@/lib/test-fetch';
import { factorApi } from './factor-api';

const SESSION = {
  email: 'asha@corp.example',
  name: 'Asha',
  csrf_token: 'next-token',
  must_change_password: false,
  roles: ['owner'],
  areas: ['team'],
  second_factor: 'done',
  second_factor_ways: ['code', 'passkey'],
};

const bytes = (...values: number[]) => new Uint8Array(values).buffer;

/** `fetch` answering each call in turn, recording what was sent. */
function answers(...replies: Response[]) {
  const fetchMock = vi.fn();
  for (const reply of replies) fetchMock.mockResolvedValueOnce(reply);
  vi.stubGlobal('fetch', fetchMock);
  return () =>
    fetchMock.mock.calls.map(([url, init]) => ({
      url: String(url),
      method: (init as RequestInit).method,
      csrf: ((init as RequestInit).headers as Record<string, string>)['X-CSRF-Token'],
      body: (init as RequestInit).body ? JSON.parse(String((init as RequestInit).body)) : undefined,
    }));
}

describe('the second factor at sign-in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('gives a code with the session’s CSRF token, and keeps the new token', async () => {
    setCsrfToken('step-token');
    const sent = answers(jsonResponse(200, SESSION), jsonResponse(200, {}));
    await expect(factorSignInApi.giveCode('123 456')).resolves.toMatchObject({ second_factor: 'done' });
    await factorApi.newRecoveryCodes().catch(() => {});
    expect(sent()).toEqual([
      { url: '/api/staff/login/code', method: 'POST', csrf: 'step-token', body: { code: '123 456' } },
      { url: '/api/staff/account/recovery-codes', method: 'POST', csrf: 'next-token', body: {} },
    ]);
  });

  it('leaves a wrong code’s 422 and a 403 to the page: no trip to /login', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    answers(
      jsonResponse(422, {
        message: 'Please check the code.',
        errors: { code: 'This code is not right, or it was already used.' },
      }),
      jsonResponse(403, { message: 'Please finish signing in with your second factor.' }),
    );
    await expect(factorSignInApi.giveCode('000000')).rejects.toMatchObject({
      status: 422,
      errors: { code: 'This code is not right, or it was already used.' },
    });
    await expect(factorSignInApi.giveCode('000000')).rejects.toMatchObject({ status: 403 });
    expect(assign).not.toHaveBeenCalled();
  });

  it('signs in with a passkey: options, the browser’s assertion as JSON, the session', async () => {
    const get = vi.fn().mockResolvedValue({
      id: 'BAU',
      rawId: bytes(4, 5),
      type: 'public-key',
      response: {
        authenticatorData: bytes(1),
        clientDataJSON: bytes(2),
        signature: bytes(3),
        userHandle: bytes(9),
      },
      getClientExtensionResults: () => ({}),
    });
    vi.stubGlobal('navigator', { credentials: { get } });
    const sent = answers(
      jsonResponse(200, {
        challenge_id: 'c-1',
        options: { publicKey: { challenge: 'AQID', rpId: 'localhost', allowCredentials: [] } },
      }),
      jsonResponse(200, SESSION),
    );
    await expect(factorSignInApi.withPasskey()).resolves.toMatchObject({ email: 'asha@corp.example' });
    const { publicKey } = (get.mock.calls[0] ?? [])[0] as { publicKey: PublicKeyCredentialRequestOptions };
    expect([...new Uint8Array(publicKey.challenge as ArrayBuffer)]).toEqual([1, 2, 3]);
    expect(publicKey.rpId).toBe('localhost');
    const [options, signIn] = sent();
    expect(options).toMatchObject({ url: '/api/staff/passkey/options', method: 'POST', body: {} });
    expect(signIn).toMatchObject({
      url: '/api/staff/passkey/sign-in',
      method: 'POST',
      body: {
        challenge_id: 'c-1',
        credential: {
          id: 'BAU',
          rawId: 'BAU',
          type: 'public-key',
          response: { authenticatorData: 'AQ', clientDataJSON: 'Ag', signature: 'Aw', userHandle: 'CQ' },
          extensions: {},
        },
      },
    });
  });

  it('adds a passkey: options, the browser’s new credential as JSON with its name', async () => {
    setCsrfToken('t');
    const create = vi.fn().mockResolvedValue({
      id: 'BAU',
      rawId: bytes(4, 5),
      type: 'public-key',
      response: { attestationObject: bytes(7), clientDataJSON: bytes(2), getTransports: () => ['internal'] },
      getClientExtensionResults: () => ({ credProps: { rk: true } }),
    });
    vi.stubGlobal('navigator', { credentials: { create } });
    const sent = answers(
      jsonResponse(200, {
        challenge_id: 'c-2',
        options: {
          publicKey: {
            challenge: 'AQID',
            rp: { id: 'localhost', name: 'Fidelitus Corp' },
            user: { id: 'CQ', name: 'asha@corp.example', displayName: 'Asha' },
            pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
          },
        },
      }),
      jsonResponse(201, { recovery_codes: ['abcde-fghij'] }),
    );
    await expect(factorApi.addPasskey('Office laptop')).resolves.toEqual({ recovery_codes: ['abcde-fghij'] });
    const { publicKey } = (create.mock.calls[0] ?? [])[0] as {
      publicKey: PublicKeyCredentialCreationOptions;
    };
    expect([...new Uint8Array(publicKey.user.id as ArrayBuffer)]).toEqual([9]);
    const [options, added] = sent();
    expect(options).toMatchObject({ url: '/api/staff/account/passkeys/options', csrf: 't' });
    expect(added).toMatchObject({
      url: '/api/staff/account/passkeys',
      csrf: 't',
      body: {
        challenge_id: 'c-2',
        name: 'Office laptop',
        credential: { rawId: 'BAU', response: { attestationObject: 'Bw', transports: ['internal'] } },
      },
    });
  });

  it('sends the rest of the account’s factor calls to their paths', async () => {
    setCsrfToken('t');
    const sent = answers(
      jsonResponse(200, { authenticator: false, passkeys: [], recovery_codes_left: 0, required: true }),
      jsonResponse(200, { secret: 'ABCD EFGH', otpauth_url: 'otpauth://totp/x', qr_svg: '<svg/>' }),
      jsonResponse(200, { recovery_codes: [] }),
      new Response(null, { status: 204 }),
      jsonResponse(200, { id: 7, name: 'Phone', created_at: '', last_used_at: null }),
      new Response(null, { status: 204 }),
    );
    await factorApi.read();
    await factorApi.startAuthenticator();
    await factorApi.confirmAuthenticator('123456');
    await factorApi.removeAuthenticator();
    await factorApi.renamePasskey(7, 'Phone');
    await factorApi.removePasskey(7);
    expect(sent().map(({ url, method, body }) => [method, url, body])).toEqual([
      ['GET', '/api/staff/account/factors', undefined],
      ['POST', '/api/staff/account/authenticator', {}],
      ['POST', '/api/staff/account/authenticator/confirm', { code: '123456' }],
      ['DELETE', '/api/staff/account/authenticator', undefined],
      ['PATCH', '/api/staff/account/passkeys/7', { name: 'Phone' }],
      ['DELETE', '/api/staff/account/passkeys/7', undefined],
    ]);
  });
});

describe('passkeyFailure', () => {
  it('says the browser’s refusal, else the server’s words, else a plain retry', () => {
    expect(passkeyFailure(new DOMException('x', 'NotAllowedError'))).toMatch(/cancelled/);
    expect(
      passkeyFailure(
        new ApiError(
          'This passkey did not sign you in. Try again, or sign in with your password.',
          401,
          {},
          true,
        ),
      ),
    ).toBe('This passkey did not sign you in. Try again, or sign in with your password.');
    expect(passkeyFailure(new TypeError('the server sent no passkey options'))).toBe(
      'The passkey did not work. Please try again.',
    );
  });
});
