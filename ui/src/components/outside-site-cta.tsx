import type { ExternalLink } from '@/content/types';
import { NewTabLink } from './external-link';
import './outside-site-cta.css';

/** The closing band of a page that has a website of its own. */
export function OutsideSiteCta({
  heading,
  text,
  link,
  headingField,
  textField,
}: {
  heading: string;
  text: string;
  link: ExternalLink;
  /** Tie the heading and the text to their fields in a preview of the page editor. */
  headingField?: Record<string, string>;
  textField?: Record<string, string>;
}) {
  return (
    <section class="cta-band" aria-labelledby="outside-site-title">
      <div class="container cta-band__inner" data-animate>
        <div>
          <h2 id="outside-site-title" class="cta-band__title" {...headingField}>
            {heading}
          </h2>
          <p class="cta-band__text" {...textField}>
            {text}
          </p>
        </div>
        <SiteButton link={link} />
      </div>
    </section>
  );
}

/** The button to a website of its own, in a new tab. */
export function SiteButton({ link }: { link: ExternalLink }) {
  return (
    <NewTabLink href={link.url} class="button button--accent">
      {link.label}
    </NewTabLink>
  );
}
