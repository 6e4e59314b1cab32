import type { ComponentChildren } from 'preact';
import { fieldOf } from '@/lib/page-fields';

interface PageSectionProps {
  /** Id of the section; its heading gets `${id}-title`. */
  id: string;
  title: string;
  /** A short line above the title. */
  eyebrow?: string;
  intro?: string;
  /** `soft` for a tinted band, `brand` for a dark band. */
  tone?: 'plain' | 'soft' | 'brand';
  /** Centre the heading block (grids) or keep it left (text). */
  centered?: boolean;
  class?: string;
  children?: ComponentChildren;
  /** Tie the title, the eyebrow and the intro to their fields in a preview of the page editor. */
  titleField?: Record<string, string>;
  eyebrowField?: Record<string, string>;
  introField?: Record<string, string>;
}

/** One band of a page: an h2 with optional eyebrow and intro, then the content. */
export function PageSection({
  id,
  title,
  eyebrow,
  intro,
  tone = 'plain',
  centered = false,
  class: className,
  children,
  titleField,
  eyebrowField,
  introField,
}: PageSectionProps) {
  const classes = ['page-section', `page-section--${tone}`, className].filter(Boolean).join(' ');
  return (
    <section id={id} class={classes} aria-labelledby={`${id}-title`}>
      <div class="container">
        <div class={centered ? 'section-heading section-heading--center' : 'section-heading'} data-animate>
          {eyebrow && (
            <p class="section-heading__eyebrow" {...eyebrowField}>
              {eyebrow}
            </p>
          )}
          <h2 id={`${id}-title`} class="section-heading__title" {...titleField}>
            {title}
          </h2>
          {intro && (
            <p class="section-heading__intro" {...introField}>
              {intro}
            </p>
          )}
        </div>
        {children}
      </div>
    </section>
  );
}

/**
 * A section's title and intro, read from one content object (`content[title]`) and tied to
 * their fields at `at` (`<at>.<title>`): the text and its field are named once, so they cannot
 * drift apart. Spread into `PageSection`.
 */
export function sectionHeading<K extends string>(
  content: Record<K, string>,
  at: string,
  title: K,
  intro?: K,
): Pick<PageSectionProps, 'title' | 'intro' | 'titleField' | 'introField'> {
  return {
    title: content[title],
    titleField: fieldOf(`${at}.${title}`),
    ...(intro && { intro: content[intro], introField: fieldOf(`${at}.${intro}`) }),
  };
}
