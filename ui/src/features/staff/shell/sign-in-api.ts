import { ApiError, api } from '@/lib/api-client';
import { signingInApi } from '@/lib/staff-client';
import { giveCode, passkeySignInOptions, signInWithPasskey } from '@/lib/staff-endpoints';
import type { PasskeySignIn } from '@/lib/staff-types';
import { remember } from './session-api';
import { assertionJson, browserRefusal, type CredentialLike, requestOptions } from './webauthn';

/**
 * Signing in with the second factor: a code on /login's second step, or a passkey (alone on
 * /login, or as that second step). No redirect on 401 or 403: they are answers on this page.
 */
export const factorSignInApi = {
  giveCode: async (code: string) => remember(await signingInApi.send(giveCode(), { json: { code } })),
  /** The whole ceremony: the server's challenge, the browser's passkey, the server's session. */
  withPasskey: async () => {
    const challenge = await api.send(passkeySignInOptions(), { json: {} });
    const credential = await navigator.credentials.get({ publicKey: requestOptions(challenge.options) });
    if (!credential) throw new DOMException('No passkey was given.', 'NotAllowedError');
    const body: PasskeySignIn = {
      challenge_id: challenge.challenge_id,
      credential: assertionJson(credential as unknown as CredentialLike),
    };
    return remember(await api.send(signInWithPasskey(), { json: body }));
  },
};

/** What to say when a passkey ceremony failed: the browser's refusal, the server's words, or a plain retry. */
export function passkeyFailure(error: unknown): string {
  const refused = browserRefusal(error);
  if (refused) return refused;
  if (error instanceof ApiError && error.fromServer) return error.message;
  if (error instanceof ApiError && error.status === 0) return error.message;
  return 'The passkey did not work. Please try again.';
}
