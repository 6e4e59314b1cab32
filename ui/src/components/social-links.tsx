import type { IconId } from '@/content/types';
import { companyDetails, whatsAppHref } from '@/lib/company-details';
import { NewTabLink } from './external-link';
import { Icon } from './icon';

/** Facebook, Instagram, LinkedIn, YouTube and a WhatsApp chat with a greeting: those the
 * office gave an address. */
export function SocialLinks() {
  const details = companyDetails();
  const links: { id: IconId; label: string; href: string }[] = [
    { id: 'facebook', label: 'Facebook', href: details.social.facebook },
    { id: 'instagram', label: 'Instagram', href: details.social.instagram },
    { id: 'linkedin', label: 'LinkedIn', href: details.social.linkedin },
    { id: 'youtube', label: 'YouTube', href: details.social.youtube },
    {
      id: 'whatsapp',
      label: 'WhatsApp',
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
              <span class="visually-hidden">{link.label}</span>
            </NewTabLink>
          </li>
        ))}
    </ul>
  );
}
