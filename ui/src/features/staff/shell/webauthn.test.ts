import { describe, expect, it } from 'vitest';
import {
  assertionJson,
  attestationJson,
  browserRefusal,
  type CredentialLike,
  creationOptions,
  fromBase64url,
  requestOptions,
  toBase64url,
} from './webauthn';

const bytes = (...values: number[]) => new Uint8Array(values).buffer;
const list = (buffer: ArrayBuffer | BufferSource | undefined) =>
  buffer instanceof ArrayBuffer ? [...new Uint8Array(buffer)] : buffer;

describe('base64url', () => {
  it.each([
    [[], ''],
    [[0xfb], '-w'],
    [[0xfb, 0xff], '-_8'],
    [[0xfb, 0xff, 0xbf], '-_-_'],
    [[104, 105, 33, 0], 'aGkhAA'],
  ])('%j is %s and back', (values, text) => {
    expect(toBase64url(bytes(...values))).toBe(text);
    expect(list(fromBase64url(text))).toEqual(values);
  });

  it('reads padded and standard base64 too', () => {
    expect(list(fromBase64url('+/8='))).toEqual([0xfb, 0xff]);
    expect(list(fromBase64url('aGkhAA=='))).toEqual([104, 105, 33, 0]);
  });

  it('refuses what is not base64url', () => {
    expect(() => fromBase64url('a')).toThrow(TypeError);
    expect(() => fromBase64url('ab$c')).toThrow(TypeError);
  });

  it('writes a view of part of a buffer as that part only', () => {
    const whole = new Uint8Array([1, 2, 3, 4, 5]);
    expect(toBase64url(whole.subarray(1, 3))).toBe(toBase64url(bytes(2, 3)));
  });

  it('round-trips every byte value', () => {
    const all = new Uint8Array(256).map((_, i) => i);
    expect([...new Uint8Array(fromBase64url(toBase64url(all)))]).toEqual([...all]);
  });
});

describe('the options the server sends', () => {
  it('turns a sign-in challenge into the buffers navigator.credentials.get wants', () => {
    const options = requestOptions({
      publicKey: {
        challenge: 'AQID',
        timeout: 60000,
        rpId: 'localhost',
        allowCredentials: [{ type: 'public-key', id: 'BAU', transports: ['internal'] }],
        userVerification: 'required',
        hints: null,
      },
      mediation: null,
    });
    expect(list(options.challenge)).toEqual([1, 2, 3]);
    expect(options.rpId).toBe('localhost');
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials?.map((c) => [c.type, list(c.id), c.transports])).toEqual([
      ['public-key', [4, 5], ['internal']],
    ]);
    expect('hints' in options).toBe(false);
  });

  it('leaves allowCredentials out when the server sent none (a discoverable passkey)', () => {
    const options = requestOptions({ publicKey: { challenge: 'AQID', allowCredentials: [] } });
    expect(options.allowCredentials).toEqual([]);
    expect(requestOptions({ challenge: 'AQID' }).allowCredentials).toBeUndefined();
  });

  it('turns a registration challenge into the buffers navigator.credentials.create wants', () => {
    const options = creationOptions({
      publicKey: {
        rp: { id: 'localhost', name: 'Fidelitus Corp' },
        user: { id: 'CQoL', name: 'asha@corp.example', displayName: 'Asha' },
        challenge: 'AQID',
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
        excludeCredentials: [{ type: 'public-key', id: 'BAU' }],
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        extensions: { credProps: true },
        attestation: 'none',
        timeout: null,
      },
    });
    expect(list(options.challenge)).toEqual([1, 2, 3]);
    expect(list(options.user.id)).toEqual([9, 10, 11]);
    expect(options.user.name).toBe('asha@corp.example');
    expect(options.user.displayName).toBe('Asha');
    expect(options.rp).toEqual({ id: 'localhost', name: 'Fidelitus Corp' });
    expect(options.excludeCredentials?.map((c) => list(c.id))).toEqual([[4, 5]]);
    expect(options.authenticatorSelection?.residentKey).toBe('required');
    expect(options.extensions).toEqual({ credProps: true });
    expect('timeout' in options).toBe(false);
  });

  it('refuses an answer with no challenge', () => {
    expect(() => requestOptions({ publicKey: {} })).toThrow(TypeError);
    expect(() => creationOptions(null)).toThrow(TypeError);
  });
});

function credential(response: object, extensions: object = {}): CredentialLike {
  return {
    id: 'BAU',
    rawId: bytes(4, 5),
    type: 'public-key',
    response: response as AuthenticatorResponse,
    getClientExtensionResults: () => extensions as AuthenticationExtensionsClientOutputs,
  };
}

describe('the browser’s answer, as JSON for the server', () => {
  it('writes a sign-in with its user handle', () => {
    const json = assertionJson(
      credential({
        authenticatorData: bytes(1),
        clientDataJSON: new TextEncoder().encode('{"type":"webauthn.get"}'),
        signature: bytes(2, 3),
        userHandle: bytes(9, 10, 11),
      }),
    );
    expect(json).toEqual({
      id: 'BAU',
      rawId: 'BAU',
      type: 'public-key',
      response: {
        authenticatorData: 'AQ',
        clientDataJSON: toBase64url(new TextEncoder().encode('{"type":"webauthn.get"}')),
        signature: 'AgM',
        userHandle: 'CQoL',
      },
      extensions: {},
    });
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });

  it('leaves the user handle out when the authenticator gave none', () => {
    const json = assertionJson(
      credential({
        authenticatorData: bytes(1),
        clientDataJSON: bytes(2),
        signature: bytes(3),
        userHandle: null,
      }),
    );
    expect(json.response).toEqual({ authenticatorData: 'AQ', clientDataJSON: 'Ag', signature: 'Aw' });
  });

  it('writes a new passkey with its transports and extension results', () => {
    const json = attestationJson(
      credential(
        { attestationObject: bytes(7, 8), clientDataJSON: bytes(2), getTransports: () => ['internal'] },
        { credProps: { rk: true } },
      ),
    );
    expect(json).toEqual({
      id: 'BAU',
      rawId: 'BAU',
      type: 'public-key',
      response: { attestationObject: 'Bwg', clientDataJSON: 'Ag', transports: ['internal'] },
      extensions: { credProps: { rk: true } },
    });
  });
});

describe('what the person is told when the browser says no', () => {
  it.each([
    ['NotAllowedError', /cancelled/],
    ['AbortError', /cancelled/],
    ['SecurityError', /opened by its name, such as http:\/\/localhost:8080, not by an IP address/],
    ['InvalidStateError', /already holds a passkey/],
  ])('%s', (name, said) => {
    expect(browserRefusal(new DOMException('no', name))).toMatch(said);
  });

  it('leaves any other failure to the caller', () => {
    expect(browserRefusal(new TypeError('x'))).toBeNull();
    expect(browserRefusal('x')).toBeNull();
  });
});
