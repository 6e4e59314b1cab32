import { attestationJson, type CredentialLike, creationOptions } from '@/features/staff/shell/webauthn';
import { apiPath } from '@/lib/api-client';
import { staffApi } from '@/lib/staff-client';
import type {
  AuthenticatorSetUp,
  CodeGiven,
  FactorAdded,
  NewPasskey,
  PasskeyAdded,
  PasskeyChallenge,
  PasskeyName,
  PasskeyRow,
  SecondFactors,
} from '@/lib/staff-types';
import { confirmed } from './confirm-it';

/**
 * One's own second factor on `/staff/account` (also while the session must set one up).
 * Adding or removing one, and new recovery codes, ask for the password again when the server
 * says so (`confirmed`).
 */
export const factorApi = {
  read: async () => (await staffApi.get<SecondFactors>('staff/account/factors')).body,
  startAuthenticator: () =>
    confirmed(
      async () => (await staffApi.postJson<AuthenticatorSetUp>('staff/account/authenticator', {})).body,
    ),
  confirmAuthenticator: (code: string) =>
    confirmed(
      async () =>
        (
          await staffApi.postJson<FactorAdded>('staff/account/authenticator/confirm', {
            code,
          } satisfies CodeGiven)
        ).body,
    ),
  removeAuthenticator: () => confirmed(() => staffApi.delete<null>('staff/account/authenticator')),
  addPasskey: (name: string) => confirmed(() => makePasskey(name)),
  renamePasskey: async (id: number, name: string) =>
    (
      await staffApi.patchJson<PasskeyRow>(apiPath('staff', 'account', 'passkeys', String(id)), {
        name,
      } satisfies PasskeyName)
    ).body,
  removePasskey: (id: number) =>
    confirmed(() => staffApi.delete<null>(apiPath('staff', 'account', 'passkeys', String(id)))),
  newRecoveryCodes: () =>
    confirmed(async () => (await staffApi.postJson<FactorAdded>('staff/account/recovery-codes', {})).body),
};

/** The whole ceremony: the server's challenge, a new passkey from the browser, the server's check. */
async function makePasskey(name: string) {
  const challenge = (await staffApi.postJson<PasskeyChallenge>('staff/account/passkeys/options', {})).body;
  const credential = await navigator.credentials.create({ publicKey: creationOptions(challenge.options) });
  if (!credential) throw new DOMException('No passkey was made.', 'NotAllowedError');
  const body: NewPasskey = {
    challenge_id: challenge.challenge_id,
    name,
    credential: attestationJson(credential as unknown as CredentialLike),
  };
  return (await staffApi.postJson<PasskeyAdded>('staff/account/passkeys', body)).body;
}
