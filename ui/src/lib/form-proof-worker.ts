/**
 * The forms' proof of work, solved off the page's thread: finds a nonce such that SHA-256 of
 * `{challenge}.{nonce}` starts with `bits` zero bits (the server's `domain::form_proof`).
 * In a secure context (https, localhost) with `crypto.subtle`; elsewhere (a demo laptop at
 * http://192.168.x.y, where the browser withholds `crypto.subtle`) with the small SHA-256
 * below. Loaded only once a form field has had focus.
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const w = new Uint32Array(64);
const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** SHA-256 of `data` (FIPS 180-4), as its eight 32-bit words. */
export function sha256(data: Uint8Array): Uint32Array {
  const padded = new Uint8Array(Math.ceil((data.length + 9) / 64) * 64);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 4, data.length * 8);
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  for (let block = 0; block < padded.length; block += 64) {
    for (let i = 0; i < 64; i++) {
      if (i < 16) {
        w[i] = view.getUint32(block + i * 4);
        continue;
      }
      const a = w[i - 15] as number;
      const b = w[i - 2] as number;
      w[i] =
        (w[i - 16] as number) +
        (rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3)) +
        (w[i - 7] as number) +
        (rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10));
    }
    let [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, k = 0] = h;
    for (let i = 0; i < 64; i++) {
      const t1 =
        k +
        (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) +
        ((e & f) ^ (~e & g)) +
        (K[i] as number) +
        (w[i] as number);
      const t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      k = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    const sums = [a, b, c, d, e, f, g, k];
    for (let i = 0; i < 8; i++) h[i] = (h[i] as number) + (sums[i] as number);
  }
  return h;
}

/** Whether a hash's first 32-bit word starts with `bits` zero bits (the server asks at most 19). */
const enough = (first: number, bits: number) => Math.clz32(first) >= bits;

const encoder = new TextEncoder();

/** The first nonce that answers `challenge` at `bits`. */
export async function solve(
  challenge: string,
  bits: number,
  subtle = globalThis.crypto?.subtle,
): Promise<number> {
  const message = (nonce: number) => encoder.encode(`${challenge}.${nonce}`);
  if (!self.isSecureContext || !subtle) {
    for (let nonce = 0; ; nonce++) if (enough(sha256(message(nonce))[0] as number, bits)) return nonce;
  }
  // A batch of digests at once: each call's own cost is mostly its promise.
  for (let start = 0; ; start += 256) {
    const batch = Array.from({ length: 256 }, (_, i) => subtle.digest('SHA-256', message(start + i)));
    const hashes = await Promise.all(batch);
    const found = hashes.findIndex((hash) => enough(new DataView(hash).getUint32(0), bits));
    if (found >= 0) return start + found;
  }
}

const scope = self as unknown as { onmessage: unknown; postMessage(nonce: number): void };
scope.onmessage = async (event: MessageEvent<[string, number]>) => {
  scope.postMessage(await solve(...event.data));
};
