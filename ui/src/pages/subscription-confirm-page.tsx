import { useEffect, useState } from 'preact/hooks';
import { useSearchParams } from 'react-router-dom';
import { subscriptionLinksContent } from '@/content/subscription-links';
import { confirmSubscription } from '@/features/blog/subscription-link-api';
import { type LinkState, SubscriptionLinkView } from '@/features/blog/subscription-link-view';
import { failureMessage } from '@/lib/failure-message';

/**
 * `/blogs/subscribe/confirm?token=`: the link of the confirmation mail. Confirms on opening,
 * from the browser (a mail scanner fetching the link runs no script, so confirms nothing).
 */
export function SubscriptionConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const text = subscriptionLinksContent.confirm;
  const [state, setState] = useState<LinkState>({ phase: 'working' });

  useEffect(() => {
    if (!token) {
      setState({ phase: 'failed', message: text.missingToken });
      return;
    }
    let current = true;
    confirmSubscription(token).then(
      (message) => current && setState({ phase: 'done', message }),
      (error: unknown) => current && setState({ phase: 'failed', message: failureMessage(error, []) }),
    );
    return () => {
      current = false;
    };
  }, [token, text.missingToken]);

  return <SubscriptionLinkView text={text} state={state} />;
}
