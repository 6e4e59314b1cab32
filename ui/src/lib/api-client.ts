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

type Query = Record<string, string | number | undefined>;

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

interface ApiResponse<T> {
  status: number;
  body: T;
}

type Method = 'GET' | 'POST' | 'DELETE';

interface RequestOptions {
  query?: Query;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  /** Extra headers (the staff client's CSRF token). */
  headers?: Record<string, string>;
}

/** The one place that calls fetch. Resolves on 2xx; rejects with ApiError otherwise. */
async function request<T>(
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

/** SPEC.md section 8: a failed call is logged, then re-thrown to its caller. */
function logged(method: string, path: string, error: ApiError): ApiError {
  console.warn(`${method} ${path} failed (${error.status}): ${error.message}`);
  return error;
}

/** The address to come back to after signing in: where the browser is now. */
export function loginPath(returnTo = `${window.location.pathname}${window.location.search}`): string {
  return `/login?next=${encodeURIComponent(returnTo)}`;
}

let csrfToken = '';

/** The session's CSRF token, sent with every staff change (from sign-in or `staff/session`). */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/**
 * The authenticated client (SPEC.md sections 6 and 8): on 401 or 403 it sends the browser
 * to /login, keeping the way back, logs the error and re-throws it.
 */
async function authenticated<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = method === 'GET' ? {} : { 'X-CSRF-Token': csrfToken };
  try {
    return await request<T>(method, path, { ...options, headers });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      window.location.assign(loginPath());
    }
    throw error;
  }
}

export const staffApi = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) =>
    authenticated<T>('GET', path, { query, signal }),
  postJson: <T>(path: string, json: unknown) => authenticated<T>('POST', path, { json }),
  delete: <T>(path: string) => authenticated<T>('DELETE', path),
};

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  postJson: <T>(path: string, json: unknown) => request<T>('POST', path, { json }),
  postForm: <T>(path: string, form: FormData) => request<T>('POST', path, { form }),
};
