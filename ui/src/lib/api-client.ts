import { messages } from '@/content/messages';
import type { ErrorBody } from './api-types';
import { runtimeConfig } from './runtime-config';

/**
 * Every failed call, whatever went wrong: the server's message when it sent one (then
 * `fromServer` is true), else a description for the log. Status 0: no answer at all.
 * What a visitor reads is worked out from it by failureMessage (lib/failure-message.ts).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string>;
  readonly fromServer: boolean;

  constructor(message: string, status: number, errors: Record<string, string> = {}, fromServer = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.fromServer = fromServer;
  }
}

export type Query = Record<string, string | number | undefined>;

/**
 * An API path from its segments, each one percent-encoded, so that a value from the page's
 * URL (an id anyone can type) stays one segment whatever it holds: `/`, `?`, `#` and `%`
 * cannot reach another path, a query or a fragment. An empty segment, `.` or `..` cannot
 * stay a segment at all (a URL drops or resolves it, encoded or not): such an id names
 * nothing, so it is refused as one that is not there.
 */
export function apiPath(...segments: string[]): string {
  return segments
    .map((segment) => {
      if (segment === '' || segment === '.' || segment === '..') {
        throw new ApiError('There is nothing at this address.', 404);
      }
      return encodeURIComponent(segment);
    })
    .join('/');
}

function buildUrl(path: string, query?: Query): string {
  const url = `${runtimeConfig.apiBase}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function errorFrom(response: Response, body: unknown): ApiError {
  const shaped = (body ?? {}) as Partial<Record<keyof ErrorBody, unknown>>;
  const fromServer = typeof shaped.message === 'string' && shaped.message !== '';
  const message = fromServer
    ? String(shaped.message)
    : `The server answered ${response.status} ${response.statusText}`.trim();
  const errors =
    shaped.errors && typeof shaped.errors === 'object' ? (shaped.errors as Record<string, string>) : {};
  return new ApiError(message, response.status, errors, fromServer);
}

export interface ApiResponse<T> {
  status: number;
  body: T;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * An endpoint of the API (the staff endpoints' are generated, `staff-endpoints.ts`): its
 * method, its path under the API's base, and the types of the JSON it takes and answers
 * (`types` is never set: it is there for the compiler).
 */
export interface Endpoint<Req, Res> {
  readonly method: Method;
  readonly path: string;
  readonly types?: { request: Req; answer: Res };
}

/**
 * What a call of an endpoint sends: the JSON its endpoint takes, or a file; a query; a signal.
 * An endpoint that takes no JSON may still be sent an empty object (`{}`), which the server
 * does not read: the calls that always sent one keep sending it.
 */
export interface SendOptions<Req> {
  json?: [Req] extends [undefined] ? Record<string, never> : Req;
  file?: Blob;
  query?: Query;
  signal?: AbortSignal;
}

export interface RequestOptions {
  query?: Query;
  json?: unknown;
  form?: FormData;
  /** A file sent as the body itself (a staff image upload). */
  file?: Blob;
  signal?: AbortSignal;
  /** Extra headers (the staff client's CSRF token). */
  headers?: Record<string, string>;
}

/** The one place that calls fetch. Resolves on 2xx; rejects with ApiError otherwise. */
export async function request<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  } else if (options.file) {
    headers['Content-Type'] = options.file.type || 'application/octet-stream';
    body = options.file;
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { method, headers, body, signal: options.signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw logged(method, path, new ApiError(messages.networkFailed, 0));
  }
  const parsed = await parseBody(response);
  if (!response.ok) throw logged(method, path, errorFrom(response, parsed));
  return { status: response.status, body: parsed as T };
}

/** Every failed call is logged, then re-thrown to its caller. */
function logged(method: string, path: string, error: ApiError): ApiError {
  console.warn(`${method} ${path} failed (${error.status}): ${error.message}`);
  return error;
}

export const api = {
  /** Calls an endpoint that needs no session (signing in, an invite's or a reset's link). */
  send: async <Req, Res>(endpoint: Endpoint<Req, Res>, options: SendOptions<Req> = {}) =>
    (await request<Res>(endpoint.method, endpoint.path, options)).body,
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  postJson: <T>(path: string, json: unknown, headers?: Record<string, string>) =>
    request<T>('POST', path, { json, headers }),
  postForm: <T>(path: string, form: FormData, headers?: Record<string, string>) =>
    request<T>('POST', path, { form, headers }),
};
