import { useEffect, useState } from 'preact/hooks';
import type { StaffSession } from './session-api';
import { factorSignInApi, passkeyFailure } from './sign-in-api';
import { useStaffForm } from './use-staff-form';
import { passkeysAvailable } from './webauthn';

/**
 * Signing in with a passkey (alone, or as the second step): whether this browser can, the
 * ceremony's busy state, and what to say when it fails (`onFailure`).
 */
export function usePasskeySignIn(
  onSignedIn: (session: StaffSession) => void,
  onFailure: (message: string) => void,
) {
  const [available, setAvailable] = useState(false);
  const ceremony = useStaffForm({
    send: factorSignInApi.withPasskey,
    done: onSignedIn,
    failure: passkeyFailure,
    fields: [],
    onError: onFailure,
  });

  // Only in the browser: the first render must match the server's, which has no `window`.
  useEffect(() => setAvailable(passkeysAvailable()), []);

  return { available, busy: ceremony.busy, start: () => ceremony.run() };
}
