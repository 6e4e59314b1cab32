import { ApiError } from '@/lib/api-client';

/** What a failed call says to the person: the server's words when it sent some. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.fromServer) return error.message;
  return fallback;
}

/** The field messages of a 422, or the message under `form`. */
export function fieldErrors(error: unknown, fallback: string): Record<string, string> {
  if (error instanceof ApiError && Object.keys(error.errors).length > 0) return error.errors;
  return { form: failureText(error, fallback) };
}
