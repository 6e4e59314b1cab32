import { NewTabLink } from '@/components/external-link';
import { Icon } from '@/components/icon';
import type { AboutContent } from '@/content/types';
import type { LeaderForm } from '@/lib/api-types';
import { initials } from '@/lib/company-details';
import { fillIn } from '@/lib/fill-in';
import { fieldOf } from '@/lib/page-fields';
import { mediaUrl } from '@/lib/runtime-config';
import './leaders.css';

/** A leader: portrait or monogram, name, role, and profile links only when present. */
export function LeaderCard({
  leader,
  tint,
  words,
}: {
  leader: LeaderForm;
  tint: number;
  words: AboutContent;
}) {
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
                <span class="visually-hidden" {...fieldOf('aboutContent.leaderLinkedIn')}>
                  {fillIn(words.leaderLinkedIn, { name: leader.name })}
                </span>
              </NewTabLink>
            </li>
          )}
          {leader.whatsapp && (
            <li>
              <NewTabLink href={leader.whatsapp} class="icon-link">
                <Icon name="whatsapp" size={20} />
                <span class="visually-hidden" {...fieldOf('aboutContent.leaderWhatsApp')}>
                  {fillIn(words.leaderWhatsApp, { name: leader.name })}
                </span>
              </NewTabLink>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}
