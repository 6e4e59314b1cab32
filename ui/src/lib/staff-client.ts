import {
  ApiError,
  type ApiResponse,
  api,
  type Endpoint,
  type Method,
  type Query,
  type RequestOptions,
  request,
  type SendOptions,
} from './api-client';
import { session } from './staff-endpoints';
import type { StaffSession } from './staff-types';

/** The address to come back to after signing in: where the browser is now. */
export function loginPath(returnTo = `${window.location.pathname}${window.location.search}`): string {
  return `/login?next=${encodeURIComponent(returnTo)}`;
}

/**
 * The screen that sets up a second factor (`/staff/account`), then goes on to `returnTo` (a
 * path on this site; the inbox when none).
 */
export function setUpPath(returnTo = `${window.location.pathname}${window.location.search}`): string {
  return returnTo === '/staff' ? '/staff/account' : `/staff/account?next=${encodeURIComponent(returnTo)}`;
}

let csrfToken = '';

/** The session's CSRF token, sent with every staff change (from sign-in or the `session` endpoint). */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

function withCsrf<T>(method: Method, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = method === 'GET' ? {} : { 'X-CSRF-Token': csrfToken };
  return request<T>(method, path, { ...options, headers });
}

/** Why the sign-in dialog is open: the request's refusal, and the session it found. */
export interface SignInAgain {
  /** The first request refused (401: the session has ended). */
  error: ApiError;
  /**
   * A session signed in again elsewhere (another tab) with its password only: the dialog
   * asks for its second factor. Null when there is no session at all.
   */
  waiting: StaffSession | null;
}

type SignInListener = (asked: SignInAgain | null) => void;

const signInListeners = new Set<SignInListener>();
let asked: SignInAgain | null = null;
let answer: Promise<boolean> | null = null;
let settleAnswer: (signedIn: boolean) => void = () => {};

function publishSignIn(next: SignInAgain | null) {
  asked = next;
  for (const listener of signInListeners) listener(asked);
}

/** Opens the one sign-in dialog, or joins the one open: true once signed in again. */
function askToSignIn(error: ApiError, waiting: StaffSession | null): Promise<boolean> {
  if (answer) return answer;
  answer = new Promise<boolean>((resolve) => {
    settleAnswer = resolve;
  });
  publishSignIn({ error, waiting });
  return answer;
}

/**
 * The sign-in dialog's side of the staff client (shown by the staff shell's `SessionDialog`):
 * while a dialog listens, a request refused because the session has ended waits for it
 * instead of leaving the page, and every request refused meanwhile waits for the same one.
 */
export const signInAgain = {
  /** Calls `listener` with what is asked now and each time that changes; answers the unsubscribe. */
  listen(listener: SignInListener): () => void {
    signInListeners.add(listener);
    listener(asked);
    return () => {
      signInListeners.delete(listener);
    };
  },
  /**
   * The dialog's answer: signed in again (the new session's CSRF token is already kept), so
   * each waiting request is sent once more; or cancelled, so each rejects with its own error.
   */
  settle(signedIn: boolean): void {
    const settle = settleAnswer;
    answer = null;
    settleAnswer = () => {};
    publishSignIn(null);
    settle(signedIn);
  },
};

/**
 * What a refusal asks for, when a sign-in dialog is there to ask: a 401 is a session that has
 * ended (expired, revoked, signed out elsewhere). A 403 is looked into: the browser's session
 * may have changed under the page (signed in again in another tab): when it waits for its
 * second factor, the dialog asks for that; when it is whole but its token is not the page's,
 * the page takes the new token and sends the request again. Any other 403 (the role may not)
 * is for the screen to show in place.
 */
async function recovery(error: ApiError): Promise<'retry' | { waiting: StaffSession | null } | null> {
  if (signInListeners.size === 0) return null;
  if (error.status === 401) return { waiting: null };
  if (error.status !== 403) return null;
  try {
    const current = await api.send(session());
    if (current.second_factor === 'give') return { waiting: current };
    if (current.csrf_token === csrfToken) return null;
    setCsrfToken(current.csrf_token);
    return 'retry';
  } catch (probe) {
    return probe instanceof ApiError && probe.status === 401 ? { waiting: null } : null;
  }
}

/**
 * The authenticated client. A session that ends while a staff screen is open (401) opens
 * the shell's sign-in dialog over it: once signed in again the request is sent once more and
 * its answer is the caller's; cancelled, it rejects with the first refusal, and what was
 * typed stays (a page whose session was signed in again in another tab takes its token and
 * sends the request again). With no staff screen shown (a first visit without a session) a 401 sends the
 * browser to /login, keeping the way back. Any other refusal (a role's 403 included) rejects
 * with its ApiError, for the screen to show in place.
 */
async function authenticated<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  try {
    return await withCsrf<T>(method, path, options);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const next = await recovery(error);
    if (next === 'retry') return withCsrf<T>(method, path, options);
    if (next) {
      if (await askToSignIn(error, next.waiting)) return withCsrf<T>(method, path, options);
    } else if (error.status === 401) {
      window.location.assign(loginPath());
    }
    throw error;
  }
}

export const staffApi = {
  /** Calls a staff endpoint (`staff-endpoints.ts`) and answers its JSON. */
  send: async <Req, Res>(endpoint: Endpoint<Req, Res>, options: SendOptions<Req> = {}) =>
    (await authenticated<Res>(endpoint.method, endpoint.path, options)).body,
  get: <T>(path: string, query?: Query, signal?: AbortSignal) =>
    authenticated<T>('GET', path, { query, signal }),
  postJson: <T>(path: string, json: unknown) => authenticated<T>('POST', path, { json }),
  putJson: <T>(path: string, json: unknown) => authenticated<T>('PUT', path, { json }),
  delete: <T>(path: string, query?: Query) => authenticated<T>('DELETE', path, { query }),
};

/**
 * A change made while signing in (the second factor's step, on /login or in the sign-in
 * dialog) or signing out: the session's CSRF token as above, but a 401 or 403 is left to the
 * caller, who is signing in already (or leaving).
 */
export const signingInApi = {
  send: async <Req, Res>(endpoint: Endpoint<Req, Res>, options: SendOptions<Req> = {}) =>
    (await withCsrf<Res>(endpoint.method, endpoint.path, options)).body,
};
