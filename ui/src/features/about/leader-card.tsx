import { NewTabLink } from '@/components/external-link';
import { Icon } from '@/components/icon';
import type { Leader } from '@/content/types';
import { initials } from '@/lib/initials';

/** A leader: portrait or monogram, name, role, and profile links only when present. */
export function LeaderCard({ leader, tint }: { leader: Leader; tint: number }) {
  return (
    <li class="card leader-card" data-animate>
      {leader.img ? (
        <img class="leader-card__photo" src={leader.img} alt="" width={160} height={160} loading="lazy" />
      ) : (
        <span class={`monogram monogram--large monogram--${tint}`} aria-hidden="true">
          {initials(leader.name)}
        </span>
      )}
      <h3 class="leader-card__name">{leader.name}</h3>
      <p class="leader-card__role">{leader.designation}</p>
      {(leader.linked_in || leader.whats_app) && (
        <ul class="leader-card__links">
          {leader.linked_in && (
            <li>
              <NewTabLink href={leader.linked_in} class="icon-link">
                <Icon name="linkedin" size={20} />
                <span class="visually-hidden">{leader.name} on LinkedIn</span>
              </NewTabLink>
            </li>
          )}
          {leader.whats_app && (
            <li>
              <NewTabLink href={leader.whats_app} class="icon-link">
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
