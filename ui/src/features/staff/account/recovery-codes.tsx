import { useEffect, useRef, useState } from 'preact/hooks';

/** The text file of the codes: what they are, then one a line. */
export function recoveryCodesText(codes: readonly string[], email: string, site: string): string {
  return [
    `Recovery codes for ${email} at ${site}`,
    'Each code signs you in once, in place of your authenticator app or passkey.',
    '',
    ...codes,
    '',
  ].join('\n');
}

interface RecoveryCodesProps {
  codes: readonly string[];
  email: string;
  onSaved: () => void;
}

/**
 * New recovery codes, shown once: copy them, download them as a text file, then say they are
 * saved (the panel goes and they are never shown again).
 */
export function RecoveryCodes({ codes, email, onSaved }: RecoveryCodesProps) {
  const [said, setSaid] = useState('');
  const title = useRef<HTMLHeadingElement>(null);

  // They appear after a button elsewhere on the page: the keyboard starts at their title.
  useEffect(() => title.current?.focus(), []);

  const text = () => recoveryCodesText(codes, email, window.location.host);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      setSaid('The codes were copied.');
    } catch {
      setSaid('Copying did not work here: select the codes and copy them, or download them.');
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text()], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    setSaid('The codes were downloaded as recovery-codes.txt.');
  };

  return (
    <section class="staff-panel recovery-codes" aria-labelledby="recovery-codes-title">
      <h3 class="factor-block__title" id="recovery-codes-title" tabIndex={-1} ref={title}>
        Your recovery codes
      </h3>
      <p>
        Keep these codes somewhere safe, away from this device. If you lose your authenticator app or passkey,
        each code signs you in once. They are shown only now.
      </p>
      <ol class="recovery-codes__list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <p class="account-section__said" role="status">
        {said}
      </p>
      <div class="factor-actions">
        <button type="button" class="staff-button" onClick={copy}>
          Copy
        </button>
        <button type="button" class="staff-button" onClick={download}>
          Download as a text file
        </button>
        <button type="button" class="staff-button staff-button--primary" onClick={onSaved}>
          I have saved them
        </button>
      </div>
    </section>
  );
}
