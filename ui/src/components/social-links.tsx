import { footerLabels } from '@/content/navigation';
import type { InterfaceIconId } from '@/content/types';
import { companyDetails, whatsAppHref } from '@/lib/company-details';
import { edited, fieldOf } from '@/lib/page-fields';
import { NewTabLink } from './external-link';
import { Icon } from './icon';

/** Facebook, Instagram, LinkedIn, YouTube and a WhatsApp chat with a greeting: those the
 * office gave an address. */
export function SocialLinks() {
  const details = companyDetails();
  const labels = edited('footer', 'footerLabels', footerLabels);
  const links: { id: InterfaceIconId & keyof typeof labels; label: string; href: string }[] = [
    { id: 'facebook', label: labels.facebook, href: details.social.facebook },
    { id: 'instagram', label: labels.instagram, href: details.social.instagram },
    { id: 'linkedin', label: labels.linkedin, href: details.social.linkedin },
    { id: 'youtube', label: labels.youtube, href: details.social.youtube },
    {
      id: 'whatsapp',
      label: labels.whatsapp,
      href: details.whatsapp_number ? whatsAppHref(details.whatsapp_number, details.whatsapp_greeting) : '',
    },
  ];
  return (
    <ul class="social-links">
      {links
        .filter((link) => link.href)
        .map((link) => (
          <li key={link.id}>
            <NewTabLink href={link.href} class="social-links__link">
              <Icon name={link.id} size={20} />
              <span class="visually-hidden" {...fieldOf(`footerLabels.${link.id}`)}>
                {link.label}
              </span>
            </NewTabLink>
          </li>
        ))}
    </ul>
  );
}
