import { useCallback, useRef, useState } from 'preact/hooks';
import { toast } from '@/lib/toast';
import { ApiError } from './api-client';

const FALLBACK_FAILURE = 'Something went wrong while sending. Please try again.';

/**
 * Sends a form at most once at a time. While a call is on its way `sending` is true (the
 * submit button is disabled) and further submits are ignored, so a slow server never gets
 * a double submit. A failure shows the server's message as a toast and is handed to
 * `onFailure` (for field errors); the form keeps what the person typed.
 */
export function useSubmission() {
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);

  const submit = useCallback(
    async (send: () => Promise<void>, onFailure?: (error: ApiError) => void): Promise<void> => {
      if (inFlight.current) return;
      inFlight.current = true;
      setSending(true);
      try {
        await send();
      } catch (error) {
        const failure = error instanceof ApiError ? error : new ApiError(FALLBACK_FAILURE, 0);
        toast.error(failure.message || FALLBACK_FAILURE);
        onFailure?.(failure);
      } finally {
        inFlight.current = false;
        setSending(false);
      }
    },
    [],
  );

  return { sending, submit };
}
