import { Icon } from '@/components/icon';
import { careersContent } from '@/content/careers';

/** 'What to Expect When You Join Us': the six perks, from Fast Growing to Cross-Domain Exposure. */
export function PerksPanel() {
  return (
    <aside class="perks" aria-labelledby="perks-title">
      <h2 id="perks-title" class="perks__title">
        {careersContent.perksHeading}
      </h2>
      <ul class="perks__list">
        {careersContent.perks.map((perk) => (
          <li key={perk.id} class="perks__item">
            <span class="perks__icon">
              <Icon name={perk.icon} size={24} />
            </span>
            <div>
              <h3 class="perks__heading">{perk.heading}</h3>
              <p class="perks__text">{perk.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}
