import { attestationJson, type CredentialLike, creationOptions } from '@/features/staff/shell/webauthn';
import { staffApi } from '@/lib/staff-client';
import {
  addPasskey,
  confirmAuthenticator,
  newRecoveryCodes,
  passkeyOptions,
  removeAuthenticator,
  removePasskey,
  renamePasskey,
  secondFactors,
  startAuthenticator,
} from '@/lib/staff-endpoints';
import type { NewPasskey } from '@/lib/staff-types';
import { confirmed } from './confirm-it';

/**
 * One's own second factor on `/staff/account` (also while the session must set one up).
 * Adding or removing one, and new recovery codes, ask for the password again when the server
 * says so (`confirmed`).
 */
export const factorApi = {
  read: () => staffApi.send(secondFactors()),
  startAuthenticator: () => confirmed(() => staffApi.send(startAuthenticator(), { json: {} })),
  confirmAuthenticator: (code: string) =>
    confirmed(() => staffApi.send(confirmAuthenticator(), { json: { code } })),
  removeAuthenticator: () => confirmed(() => staffApi.send(removeAuthenticator())),
  addPasskey: (name: string) => confirmed(() => makePasskey(name)),
  renamePasskey: (id: number, name: string) => staffApi.send(renamePasskey(String(id)), { json: { name } }),
  removePasskey: (id: number) => confirmed(() => staffApi.send(removePasskey(String(id)))),
  newRecoveryCodes: () => confirmed(() => staffApi.send(newRecoveryCodes(), { json: {} })),
};

/** The whole ceremony: the server's challenge, a new passkey from the browser, the server's check. */
async function makePasskey(name: string) {
  const challenge = await staffApi.send(passkeyOptions(), { json: {} });
  const credential = await navigator.credentials.create({ publicKey: creationOptions(challenge.options) });
  if (!credential) throw new DOMException('No passkey was made.', 'NotAllowedError');
  const body: NewPasskey = {
    challenge_id: challenge.challenge_id,
    name,
    credential: attestationJson(credential as unknown as CredentialLike),
  };
  return staffApi.send(addPasskey(), { json: body });
}
