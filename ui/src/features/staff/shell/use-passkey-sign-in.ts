import { useEffect, useState } from 'preact/hooks';
import type { StaffSession } from './session-api';
import { factorSignInApi, passkeyFailure } from './sign-in-api';
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
  const [busy, setBusy] = useState(false);

  // Only in the browser: the first render must match the server's, which has no `window`.
  useEffect(() => setAvailable(passkeysAvailable()), []);

  const start = async () => {
    setBusy(true);
    try {
      const session = await factorSignInApi.withPasskey();
      setBusy(false);
      onSignedIn(session);
    } catch (error) {
      setBusy(false);
      onFailure(passkeyFailure(error));
    }
  };

  return { available, busy, start };
}
