import type { ComponentChildren } from 'preact';
import { PageHero } from '@/components/page-hero';
import { subscriptionLinksContent } from '@/content/subscription-links';
import { usePageMeta } from '@/lib/page-meta';
import './subscription-link.css';
import { Link } from '@/components/site-link';

/** The outcome of a subscription link: still working, done, or failed with the reason. */
export type LinkState =
  | { phase: 'idle' }
  | { phase: 'working' }
  | { phase: 'done'; message: string }
  | { phase: 'failed'; message: string };

interface Props {
  /** The page's own words: its title, and what it says while working, once done, or failed. */
  text: { pageTitle: string; working: string; doneHeading: string; failedHeading: string };
  state: LinkState;
  /** What shows before anything happened (the unsubscribe question and its button). */
  children?: ComponentChildren;
}

/** The frame both link pages share: hero, the outcome read out politely, a way on. */
export function SubscriptionLinkView({ text, state, children }: Props) {
  const { pageTitle: title, working: workingText, doneHeading, failedHeading } = text;
  usePageMeta({ title, noindex: true });
  const content = subscriptionLinksContent;
  return (
    <>
      <PageHero title={title} breadcrumb={[...content.breadcrumb, { label: title }]} />
      <section class="page-section" aria-labelledby="subscription-link-outcome">
        <div class="container subscription-link" aria-live="polite">
          {state.phase === 'idle' && children}
          {state.phase === 'working' && <p id="subscription-link-outcome">{workingText}</p>}
          {(state.phase === 'done' || state.phase === 'failed') && (
            <>
              <h2 id="subscription-link-outcome" class="section-heading__title">
                {state.phase === 'done' ? doneHeading : failedHeading}
              </h2>
              <p>{state.message}</p>
            </>
          )}
          <p>
            <Link to="/blogs">{content.backToBlogs}</Link>
          </p>
        </div>
      </section>
    </>
  );
}
