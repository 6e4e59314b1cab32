import {
  ApiError,
  type ApiResponse,
  type Method,
  type Query,
  type RequestOptions,
  request,
} from './api-client';

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

/** The session's CSRF token, sent with every staff change (from sign-in or `staff/session`). */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

function withCsrf<T>(method: Method, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = method === 'GET' ? {} : { 'X-CSRF-Token': csrfToken };
  return request<T>(method, path, { ...options, headers });
}

/**
 * The authenticated client: on 401 or 403 (a failed session, or one still to finish signing
 * in with its second factor) it sends the browser to /login, keeping the way back, logs the
 * error and re-throws it.
 */
async function authenticated<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  try {
    return await withCsrf<T>(method, path, options);
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
  putJson: <T>(path: string, json: unknown) => authenticated<T>('PUT', path, { json }),
  patchJson: <T>(path: string, json: unknown) => authenticated<T>('PATCH', path, { json }),
  /** Sends `file` itself as the body (the staff image upload). */
  postFile: <T>(path: string, file: Blob, query?: Query) => authenticated<T>('POST', path, { file, query }),
  delete: <T>(path: string, query?: Query) => authenticated<T>('DELETE', path, { query }),
};

/**
 * A change made while signing in (the second factor's step on /login): the session's CSRF
 * token as above, but a 401 or 403 is left to the caller, who is on the sign-in page already.
 */
export const signingInApi = {
  postJson: <T>(path: string, json: unknown) => withCsrf<T>('POST', path, { json }),
};
