import { socialLinks } from '@/content/site';
import { NewTabLink } from './external-link';
import { Icon } from './icon';

/** Facebook, Instagram, LinkedIn, YouTube and a WhatsApp chat with a greeting. */
export function SocialLinks() {
  return (
    <ul class="social-links">
      {socialLinks.map((link) => (
        <li key={link.id}>
          <NewTabLink href={link.href} class="social-links__link">
            <Icon name={link.icon} size={20} />
            <span class="visually-hidden">{link.label}</span>
          </NewTabLink>
        </li>
      ))}
    </ul>
  );
}
