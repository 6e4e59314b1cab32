import { useRef, useState } from 'preact/hooks';
import { errorId } from '@/components/form-field';
import { HoneypotField } from '@/components/honeypot-field';
import { blogContent } from '@/content/blog';
import { messages } from '@/content/messages';
import { isBlank } from '@/lib/form-validation';
import { toast } from '@/lib/toast';
import { useSubmission } from '@/lib/use-submission';
import { subscribeToBlogs } from './subscribe-api';

/** The subscribe panel under a post (SPEC.md "Blog detail"). */
export function SubscribePanel() {
  const { subscribe } = blogContent;
  const [email, setEmail] = useState('');
  const [serverError, setServerError] = useState('');
  const { sending, submit } = useSubmission();
  const honeypotRef = useRef<HTMLInputElement>(null);

  function onSubmit(event: Event) {
    event.preventDefault();
    // SPEC.md section 5: an empty email shows nothing and sends nothing.
    if (sending || isBlank(email)) return;
    void submit(
      async () => {
        await subscribeToBlogs(email.trim(), honeypotRef.current?.value ?? '');
        toast.success(messages.blogSubscribed);
        setEmail('');
        setServerError('');
        if (honeypotRef.current) honeypotRef.current.value = '';
      },
      (failure) => setServerError(failure.errors.email ?? ''),
    );
  }

  return (
    <section class="subscribe" aria-labelledby="subscribe-title">
      <div class="subscribe__text">
        <h2 id="subscribe-title" class="subscribe__headline">
          {subscribe.headline}
        </h2>
        <p class="subscribe__subtext">{subscribe.subtext}</p>
      </div>
      <form class="subscribe__form" noValidate onSubmit={onSubmit}>
        <label class="visually-hidden" for="subscribe-email">
          {subscribe.inputLabel}
        </label>
        <input
          id="subscribe-email"
          class="subscribe__input"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder={subscribe.placeholder}
          value={email}
          aria-invalid={serverError ? 'true' : undefined}
          aria-describedby={serverError ? errorId('subscribe-email') : undefined}
          onInput={(event) => {
            setEmail((event.currentTarget as HTMLInputElement).value);
            setServerError('');
          }}
        />
        <HoneypotField inputRef={honeypotRef} />
        <button
          type="submit"
          class="action-button action-button--accent subscribe__button"
          disabled={sending}
          aria-busy={sending}
        >
          {sending && <span class="action-button__spinner" aria-hidden="true" />}
          {subscribe.buttonLabel}
        </button>
        {serverError && (
          <p class="subscribe__error" id={errorId('subscribe-email')}>
            {serverError}
          </p>
        )}
      </form>
    </section>
  );
}
