import type { ComponentChildren } from 'preact';
import { commonLabels } from '@/content/navigation';
import { edited } from '@/lib/page-fields';
import { liveUrl } from './live-url';

interface ExternalLinkProps {
  href: string;
  class?: string;
  children: ComponentChildren;
}

/** A link to another website, opened in a new tab without handing it our window. */
export function NewTabLink({ href, class: className, children }: ExternalLinkProps) {
  return (
    <a class={className} href={liveUrl(href)} target="_blank" rel="noopener noreferrer">
      {children}
      <span class="visually-hidden"> {edited('header', 'commonLabels', commonLabels).opensInNewTab}</span>
    </a>
  );
}
