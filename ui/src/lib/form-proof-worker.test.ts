import { describe, expect, it } from 'vitest';
import { sha256, solve } from './form-proof-worker';

const hex = (words: Uint32Array) => Array.from(words, (word) => word.toString(16).padStart(8, '0')).join('');
const bytes = (text: string) => new TextEncoder().encode(text);

describe('the proof of work solver', () => {
  it('hashes as SHA-256 does, across block boundaries', () => {
    expect(hex(sha256(bytes('')))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(sha256(bytes('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(hex(sha256(bytes('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(hex(sha256(bytes('a'.repeat(1000))))).toBe(
      '41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3',
    );
  });

  it('finds the first nonce whose hash starts with the zero bits asked for, with or without crypto.subtle', async () => {
    const challenge = 'v1.enquiry.1796000000.10.00112233445566778899aabbccddeeff.ab';
    const plain = await solve(challenge, 10, undefined);
    expect(Math.clz32(sha256(bytes(`${challenge}.${plain}`))[0] as number)).toBeGreaterThanOrEqual(10);
    for (let nonce = 0; nonce < plain; nonce++) {
      expect(Math.clz32(sha256(bytes(`${challenge}.${nonce}`))[0] as number)).toBeLessThan(10);
    }
    // The same answer from the browser's own SHA-256, where the page is a secure context.
    Object.defineProperty(self, 'isSecureContext', { configurable: true, value: true });
    const { webcrypto } = await import('node:crypto');
    expect(await solve(challenge, 10, webcrypto.subtle as SubtleCrypto)).toBe(plain);
  });
});
