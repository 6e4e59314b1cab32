import { remember } from '@/features/staff/shell/session-api';
import { ApiError, api, apiPath } from '@/lib/api-client';
import { signingInApi, staffApi } from '@/lib/staff-client';
import type {
  AuthenticatorSetUp,
  CodeGiven,
  FactorAdded,
  NewPasskey,
  PasskeyAdded,
  PasskeyChallenge,
  PasskeyName,
  PasskeyRow,
  PasskeySignIn,
  SecondFactors,
  StaffSession,
} from '@/lib/staff-types';
import {
  assertionJson,
  attestationJson,
  browserRefusal,
  type CredentialLike,
  creationOptions,
  requestOptions,
} from './webauthn';

/**
 * Signing in with the second factor: a code on /login's second step, or a passkey (alone on
 * /login, or as that second step). No redirect on 401 or 403: they are answers on this page.
 */
export const factorSignInApi = {
  giveCode: async (code: string) =>
    remember(
      (await signingInApi.postJson<StaffSession>('staff/login/code', { code } satisfies CodeGiven)).body,
    ),
  /** The whole ceremony: the server's challenge, the browser's passkey, the server's session. */
  withPasskey: async () => {
    const challenge = (await api.postJson<PasskeyChallenge>('staff/passkey/options', {})).body;
    const credential = await navigator.credentials.get({ publicKey: requestOptions(challenge.options) });
    if (!credential) throw new DOMException('No passkey was given.', 'NotAllowedError');
    const body: PasskeySignIn = {
      challenge_id: challenge.challenge_id,
      credential: assertionJson(credential as unknown as CredentialLike),
    };
    return remember((await api.postJson<StaffSession>('staff/passkey/sign-in', body)).body);
  },
};

/** One's own second factor on `/staff/account` (also while the session must set one up). */
export const factorApi = {
  read: async () => (await staffApi.get<SecondFactors>('staff/account/factors')).body,
  startAuthenticator: async () =>
    (await staffApi.postJson<AuthenticatorSetUp>('staff/account/authenticator', {})).body,
  confirmAuthenticator: async (code: string) =>
    (
      await staffApi.postJson<FactorAdded>('staff/account/authenticator/confirm', {
        code,
      } satisfies CodeGiven)
    ).body,
  removeAuthenticator: () => staffApi.delete<null>('staff/account/authenticator'),
  /** The whole ceremony: the server's challenge, a new passkey from the browser, the server's check. */
  addPasskey: async (name: string) => {
    const challenge = (await staffApi.postJson<PasskeyChallenge>('staff/account/passkeys/options', {})).body;
    const credential = await navigator.credentials.create({ publicKey: creationOptions(challenge.options) });
    if (!credential) throw new DOMException('No passkey was made.', 'NotAllowedError');
    const body: NewPasskey = {
      challenge_id: challenge.challenge_id,
      name,
      credential: attestationJson(credential as unknown as CredentialLike),
    };
    return (await staffApi.postJson<PasskeyAdded>('staff/account/passkeys', body)).body;
  },
  renamePasskey: async (id: number, name: string) =>
    (
      await staffApi.patchJson<PasskeyRow>(apiPath('staff', 'account', 'passkeys', String(id)), {
        name,
      } satisfies PasskeyName)
    ).body,
  removePasskey: (id: number) => staffApi.delete<null>(apiPath('staff', 'account', 'passkeys', String(id))),
  newRecoveryCodes: async () =>
    (await staffApi.postJson<FactorAdded>('staff/account/recovery-codes', {})).body,
};

/** What to say when a passkey ceremony failed: the browser's refusal, the server's words, or a plain retry. */
export function passkeyFailure(error: unknown): string {
  const refused = browserRefusal(error);
  if (refused) return refused;
  if (error instanceof ApiError && error.fromServer) return error.message;
  if (error instanceof ApiError && error.status === 0) return error.message;
  return 'The passkey did not work. Please try again.';
}
