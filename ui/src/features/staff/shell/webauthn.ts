/**
 * WebAuthn between the server's JSON and the browser's API: the server writes the options'
 * binary fields (challenge, user id, credential ids) as base64url strings, the browser wants
 * ArrayBuffers, and the browser's answer goes back with its ArrayBuffers as base64url. Done
 * here by hand: `PublicKeyCredential.parseRequestOptionsFromJSON` and `toJSON()` are missing
 * from older browsers.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** The bytes of a base64url string (padding and the `+/` alphabet are accepted too). */
export function fromBase64url(text: string): ArrayBuffer {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(base64) || base64.length % 4 === 1) {
    throw new TypeError('not base64url');
  }
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

/** The unpadded base64url text of `data`. */
export function toBase64url(data: ArrayBuffer | ArrayBufferView): string {
  const bytes =
    data instanceof ArrayBuffer
      ? new Uint8Array(data)
      : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  let binary = '';
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i] as number);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A copy without the members that are `null`: the browser takes a missing member for its
 * default but refuses `null` where it wants a list or a dictionary.
 */
function withoutNulls(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isObject(value)) return value;
  const copy: JsonObject = {};
  for (const [key, member] of Object.entries(value)) {
    if (member !== null) copy[key] = withoutNulls(member);
  }
  return copy;
}

function options(json: unknown): JsonObject {
  const publicKey = isObject(json) && isObject(json.publicKey) ? json.publicKey : json;
  if (!isObject(publicKey) || typeof publicKey.challenge !== 'string') {
    throw new TypeError('the server sent no passkey options');
  }
  return withoutNulls(publicKey) as JsonObject;
}

function descriptors(list: Json | undefined): PublicKeyCredentialDescriptor[] | undefined {
  if (!Array.isArray(list)) return undefined;
  return list.filter(isObject).map((descriptor) => ({
    ...(descriptor as object),
    type: 'public-key',
    id: fromBase64url(String(descriptor.id)),
  })) as PublicKeyCredentialDescriptor[];
}

/** `navigator.credentials.get`'s `publicKey` from the server's JSON (`{publicKey}` or its inside). */
export function requestOptions(json: unknown): PublicKeyCredentialRequestOptions {
  const publicKey = options(json);
  return {
    ...(publicKey as object),
    challenge: fromBase64url(String(publicKey.challenge)),
    allowCredentials: descriptors(publicKey.allowCredentials),
  } as PublicKeyCredentialRequestOptions;
}

/** `navigator.credentials.create`'s `publicKey` from the server's JSON. */
export function creationOptions(json: unknown): PublicKeyCredentialCreationOptions {
  const publicKey = options(json);
  const user = isObject(publicKey.user) ? publicKey.user : {};
  return {
    ...(publicKey as object),
    challenge: fromBase64url(String(publicKey.challenge)),
    user: { ...(user as object), id: fromBase64url(String(user.id ?? '')) },
    excludeCredentials: descriptors(publicKey.excludeCredentials),
  } as PublicKeyCredentialCreationOptions;
}

/** The parts of a `PublicKeyCredential` read here (a test can make one without a browser). */
export interface CredentialLike {
  id: string;
  rawId: ArrayBuffer;
  type: string;
  response: AuthenticatorResponse;
  getClientExtensionResults(): AuthenticationExtensionsClientOutputs;
}

function extensions(credential: CredentialLike): JsonObject {
  try {
    return JSON.parse(JSON.stringify(credential.getClientExtensionResults() ?? {})) as JsonObject;
  } catch {
    return {};
  }
}

/** The answer of `navigator.credentials.get` as the server reads it (as `toJSON()` writes it). */
export function assertionJson(credential: CredentialLike): JsonObject {
  const response = credential.response as AuthenticatorAssertionResponse;
  const answer: JsonObject = {
    authenticatorData: toBase64url(response.authenticatorData),
    clientDataJSON: toBase64url(response.clientDataJSON),
    signature: toBase64url(response.signature),
  };
  if (response.userHandle) answer.userHandle = toBase64url(response.userHandle);
  return credentialJson(credential, answer);
}

/** The answer of `navigator.credentials.create` as the server reads it (as `toJSON()` writes it). */
export function attestationJson(credential: CredentialLike): JsonObject {
  const response = credential.response as AuthenticatorAttestationResponse;
  const answer: JsonObject = {
    attestationObject: toBase64url(response.attestationObject),
    clientDataJSON: toBase64url(response.clientDataJSON),
  };
  const transports = typeof response.getTransports === 'function' ? response.getTransports() : undefined;
  if (transports && transports.length > 0) answer.transports = transports;
  return credentialJson(credential, answer);
}

/** A credential with its response's JSON, as `toJSON()` writes both. */
function credentialJson(credential: CredentialLike, response: JsonObject): JsonObject {
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    response,
    extensions: extensions(credential),
  };
}

/** Can this browser use passkeys at all? (Read in an effect: there is no `window` on the server.) */
export function passkeysAvailable(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** What to tell the person when the browser refused or stopped a passkey ceremony; `null` for any other failure. */
export function browserRefusal(error: unknown): string | null {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return 'The passkey was not used: it was cancelled or took too long. Please try again.';
  }
  if (name === 'SecurityError') {
    return 'Passkeys need the site opened by its name, such as http://localhost:8080, not by an IP address.';
  }
  if (name === 'InvalidStateError') {
    return 'This device already holds a passkey for your account.';
  }
  return null;
}
