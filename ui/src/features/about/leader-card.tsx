import { NewTabLink } from '@/components/external-link';
import { Icon } from '@/components/icon';
import type { LeaderForm } from '@/lib/api-types';
import { initials } from '@/lib/company-details';
import { mediaUrl } from '@/lib/runtime-config';
import './leaders.css';

/** A leader: portrait or monogram, name, role, and profile links only when present. */
export function LeaderCard({ leader, tint }: { leader: LeaderForm; tint: number }) {
  const portrait = leader.portrait ? mediaUrl(leader.portrait) : undefined;
  return (
    <li class="card leader-card" data-animate>
      {portrait ? (
        <img class="leader-card__photo" src={portrait} alt="" width={160} height={160} loading="lazy" />
      ) : (
        <span class={`monogram monogram--large monogram--${tint}`} aria-hidden="true">
          {initials(leader.name)}
        </span>
      )}
      <h3 class="leader-card__name">{leader.name}</h3>
      <p class="leader-card__role">{leader.designation}</p>
      {(leader.linkedin || leader.whatsapp) && (
        <ul class="leader-card__links">
          {leader.linkedin && (
            <li>
              <NewTabLink href={leader.linkedin} class="icon-link">
                <Icon name="linkedin" size={20} />
                <span class="visually-hidden">{leader.name} on LinkedIn</span>
              </NewTabLink>
            </li>
          )}
          {leader.whatsapp && (
            <li>
              <NewTabLink href={leader.whatsapp} class="icon-link">
                <Icon name="whatsapp" size={20} />
                <span class="visually-hidden">Chat with {leader.name} on WhatsApp</span>
              </NewTabLink>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}
