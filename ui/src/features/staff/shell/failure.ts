import { ApiError } from '@/lib/api-client';

/**
 * What a failed call says on a staff screen. A string is a fallback: the server's own words
 * when it sent some, else the string (`failureText`). A function gives the words itself
 * (`apiMessageOr`, or a screen's own rule).
 */
export type Failure = string | ((error: unknown) => string);

/** The server's words when it sent some, else `fallback` (no answer, or one not from us). */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.fromServer) return error.message;
  return fallback;
}

/**
 * An ApiError's own message, whoever wrote it (the server, or the client when no answer
 * came), else `fallback`.
 */
export function apiMessageOr(fallback: string): (error: unknown) => string {
  return (error) => (error instanceof ApiError ? error.message : fallback);
}

/** The words `failure` gives for `error`. */
export function failureOf(failure: Failure, error: unknown): string {
  return typeof failure === 'string' ? failureText(error, failure) : failure(error);
}

/**
 * The field messages of the API's JSON error shape (`errors`, a 422's): only those of
 * `fields` when a form names the fields it shows, else all.
 */
export function fieldErrorsOf(error: unknown, fields?: readonly string[]): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  if (!fields) return error.errors;
  return Object.fromEntries(Object.entries(error.errors).filter(([name]) => fields.includes(name)));
}
