import { useEffect, useRef, useState } from 'preact/hooks';
import { ModalDialog } from '@/components/modal-dialog';
import { loginPath, type SignInAgain, signInAgain } from '@/lib/staff-client';
import { FactorStep } from './factor-step';
import { PasswordSignIn } from './password-sign-in';
import { type StaffSession, staffAuth } from './session-api';

/**
 * Focuses `target` once it can take the focus: once the dialog has closed and the target is
 * no longer disabled (its request answered), unless the person has moved on by then.
 */
function giveFocusBack(target: HTMLElement) {
  const focus = () => {
    // The page behind a modal dialog takes no focus: after it has closed, then.
    if (document.querySelector('.session-dialog[open]')) {
      requestAnimationFrame(focus);
      return;
    }
    const moved = document.activeElement && document.activeElement !== document.body;
    if (target.isConnected && !moved) target.focus();
  };
  if (!target.hasAttribute('disabled')) {
    requestAnimationFrame(focus);
    return;
  }
  const watch = new MutationObserver(() => {
    if (target.hasAttribute('disabled')) return;
    watch.disconnect();
    focus();
  });
  watch.observe(target, { attributes: true, attributeFilter: ['disabled'] });
  setTimeout(() => watch.disconnect(), 60_000);
}

interface SessionDialogProps {
  /** The account the screen was signed in as: the email to offer. */
  email: string;
  /** Reads the session anew for the screen (its name, roles and areas) once signed in again. */
  refresh: () => Promise<unknown>;
}

/**
 * The one sign-in dialog of a staff screen (mounted once by `StaffScreen`): when the session
 * ends while someone works, the staff client opens it over the screen instead of leaving it,
 * so nothing typed is lost. The same sign-in as /login: email and password or a passkey,
 * then the second factor when the account has one. Signed in, the requests that waited are
 * sent again; cancelled (Escape, "Cancel"), they fail as they did and the screen says so.
 */
export function SessionDialog({ email, refresh }: SessionDialogProps) {
  const [asked, setAsked] = useState<SignInAgain | null>(null);
  const [typed, setTyped] = useState(email);
  const [waiting, setWaiting] = useState<StaffSession | null>(null);
  const [notice, setNotice] = useState('');
  const body = useRef<HTMLDivElement>(null);
  const before = useRef<HTMLElement | null>(null);

  // Where the person was (a Save button that is disabled while its request waits, which
  // drops the focus): the dialog gives the focus back there once it is usable again.
  useEffect(() => {
    const note = (event: FocusEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && !target.closest('.session-dialog')) before.current = target;
    };
    document.addEventListener('focusin', note, true);
    return () => document.removeEventListener('focusin', note, true);
  }, []);

  useEffect(
    () =>
      signInAgain.listen((next) => {
        setAsked(next);
        setWaiting(next?.waiting ?? null);
        setNotice('');
      }),
    [],
  );
  useEffect(() => setTyped(email), [email]);

  // Opened: the keyboard starts at the first field (the factor step moves it to its title).
  useEffect(() => {
    if (asked && !waiting) body.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [asked]);

  const close = (signedIn: boolean) => {
    signInAgain.settle(signedIn);
    const target = before.current;
    if (target) giveFocusBack(target);
  };

  const signedIn = async (session: StaffSession) => {
    if (session.second_factor === 'give') {
      setWaiting(session);
      return;
    }
    await refresh().catch(() => {});
    close(true);
  };

  const restart = (message: string) => {
    setNotice(message);
    setWaiting(null);
  };

  return (
    <ModalDialog
      open={asked !== null}
      onClose={() => close(false)}
      labelledBy="session-dialog-title"
      class="session-dialog"
    >
      <div class="session-dialog__body" ref={body}>
        <h2 class="session-dialog__title" id="session-dialog-title">
          Sign in again
        </h2>
        <p class="session-dialog__why">
          Your session has ended. Sign in again to carry on; nothing you typed is lost.
        </p>
        {waiting ? (
          <FactorStep
            session={waiting}
            titleLevel="h3"
            onSignedIn={signedIn}
            onGone={restart}
            onSignOut={async () => {
              await staffAuth.signOut().catch(() => {});
              restart('');
            }}
          />
        ) : (
          <PasswordSignIn
            key={notice}
            email={typed}
            onEmail={setTyped}
            onSignedIn={signedIn}
            notice={notice}
          />
        )}
        <div class="session-dialog__actions">
          <button type="button" class="staff-button" onClick={() => close(false)}>
            Cancel
          </button>
          <a class="staff-bar__account" href={loginPath()}>
            Go to the sign-in page
          </a>
        </div>
      </div>
    </ModalDialog>
  );
}
