import type { ComponentChildren } from 'preact';

interface AccountSectionProps {
  /** The section's id: its heading is `${id}-title`. */
  id: string;
  title: string;
  /** What the section is for, under the title. */
  lead: string;
  children?: ComponentChildren;
}

/** One block of the account screen: a titled section with a line on what it is for. */
export function AccountSection({ id, title, lead, children }: AccountSectionProps) {
  return (
    <section class="account-section" aria-labelledby={`${id}-title`}>
      <h2 class="account-section__title" id={`${id}-title`}>
        {title}
      </h2>
      <p class="account-section__lead">{lead}</p>
      {children}
    </section>
  );
}
