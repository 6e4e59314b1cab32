import { useState } from 'preact/hooks';
import { useSearchParams } from 'react-router-dom';
import { subscriptionLinksContent } from '@/content/subscription-links';
import { unsubscribe } from '@/features/blog/subscription-link-api';
import { type LinkState, SubscriptionLinkView } from '@/features/blog/subscription-link-view';
import { failureMessage } from '@/lib/failure-message';

/**
 * `/blogs/unsubscribe?token=`: the unsubscribe link of every subscriber mail. One click on
 * its button; mail clients' own button posts to the same address (RFC 8058) without it.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // A story mail's link names its story, so the office sees which mail a reader left from.
  const story = params.get('story') ?? undefined;
  const text = subscriptionLinksContent.unsubscribe;
  const [state, setState] = useState<LinkState>({ phase: 'idle' });

  const leave = () => {
    if (!token) {
      setState({ phase: 'failed', message: text.missingToken });
      return;
    }
    setState({ phase: 'working' });
    unsubscribe(token, story).then(
      (message) => setState({ phase: 'done', message }),
      (error: unknown) => setState({ phase: 'failed', message: failureMessage(error, []) }),
    );
  };

  return (
    <SubscriptionLinkView text={text} state={state}>
      <p id="subscription-link-outcome">{text.question}</p>
      <button type="button" class="button button--accent" onClick={leave}>
        {text.buttonLabel}
      </button>
    </SubscriptionLinkView>
  );
}
