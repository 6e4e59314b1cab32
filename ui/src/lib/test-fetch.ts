/**
 * What the unit tests of the API calls share: a JSON answer for a stubbed `fetch`, and an
 * id as hostile as one taken from a page's URL can be. For tests only.
 */
import { vi } from 'vitest';

/** A `fetch` answer with `body` as JSON. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Stubs `fetch` to answer every call with `body` (200, JSON); the mock holds what was sent. */
export function answerEvery(body: unknown) {
  const fetchMock = vi.fn().mockImplementation(async () => jsonResponse(200, body));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** An id that would leave its path segment, start a query and a fragment if sent as it is. */
export const HOSTILE = '../x?y#z';
/** `HOSTILE` as one path segment. */
export const ENCODED = '..%2Fx%3Fy%23z';

/** The segments, query and fragment of `url` as the browser would send it. */
export function parts(url: string) {
  const parsed = new URL(url, 'https://www.example.com');
  return { segments: parsed.pathname.split('/').slice(1), search: parsed.search, hash: parsed.hash };
}
