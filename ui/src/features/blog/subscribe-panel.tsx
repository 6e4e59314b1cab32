import { useState } from 'preact/hooks';
import { errorId } from '@/components/form-field';
import { HoneypotField } from '@/components/honeypot-field';
import { SubmitButton } from '@/components/submit-button';
import type { blogContent } from '@/content/blog';
import { isBlank } from '@/lib/form-validation';
import { fieldOf, visitorMessages } from '@/lib/page-fields';
import { useForm } from '@/lib/use-form';
import { subscribeToBlogs } from './subscribe-api';

interface SubscribeValues {
  email: string;
}

/** The subscribe box's words, as the office words them (`blogWords().subscribe`). */
export type SubscribeWords = (typeof blogContent)['subscribe'];

/** The subscribe panel under a post: one email field; after a 201 it is empty again. */
export function SubscribePanel({ words: subscribe }: { words: SubscribeWords }) {
  const [sent, setSent] = useState(false);
  const { values, errors, setField, sending, onSubmit, formRef, honeypotRef } = useForm<SubscribeValues>({
    empty: { email: '' },
    fields: ['email'],
    labels: [{ name: 'email', label: subscribe.fieldName }],
    // The one rule: an empty email shows nothing and sends nothing.
    ready: ({ email }) => !isBlank(email),
    proof: 'enquiry',
    send: ({ email }, honeypot, proof) => subscribeToBlogs(email.trim(), honeypot, proof),
    successMessage: visitorMessages().blogSubscribed,
    onSuccess: () => setSent(true),
  });
  const serverError = errors.email;

  return (
    <section class="subscribe" aria-labelledby="subscribe-title">
      <div class="subscribe__text">
        <h2 id="subscribe-title" class="subscribe__headline" {...fieldOf('blogContent.subscribe.headline')}>
          {subscribe.headline}
        </h2>
        <p class="subscribe__subtext" {...fieldOf('blogContent.subscribe.subtext')}>
          {subscribe.subtext}
        </p>
      </div>
      <form ref={formRef} class="subscribe__form" noValidate onSubmit={onSubmit}>
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
          value={values.email}
          aria-invalid={serverError ? 'true' : undefined}
          aria-describedby={serverError ? errorId('subscribe-email') : undefined}
          onInput={(event) => setField('email', (event.currentTarget as HTMLInputElement).value)}
        />
        <HoneypotField inputRef={honeypotRef} />
        <SubmitButton busy={sending} tone="accent" class="subscribe__button">
          {subscribe.buttonLabel}
        </SubmitButton>
        {serverError && (
          <p class="subscribe__error" id={errorId('subscribe-email')}>
            {serverError}
          </p>
        )}
        <p class="subscribe__hint" aria-live="polite">
          {sent && !serverError ? subscribe.confirmHint : ''}
        </p>
      </form>
    </section>
  );
}
