import { DrawnIcon } from '@/components/drawn-icon';
import { fieldOf } from '@/lib/page-fields';
import { careersWords } from './careers-words';

/** 'What to Expect When You Join Us': the six perks, from Fast Growing to Cross-Domain Exposure. */
export function PerksPanel() {
  const { perksHeading, perks } = careersWords();
  return (
    <aside class="perks" aria-labelledby="perks-title">
      <h2 id="perks-title" class="perks__title" {...fieldOf('careersContent.perksHeading')}>
        {perksHeading}
      </h2>
      <ul class="perks__list">
        {perks.map((perk, index) => (
          <li key={perk.id} class="perks__item">
            <span class="perks__icon">
              <DrawnIcon name={perk.icon} size={24} />
            </span>
            <div>
              <h3 class="perks__heading" {...fieldOf(`careersContent.perks.${index}.heading`)}>
                {perk.heading}
              </h3>
              <p class="perks__text" {...fieldOf(`careersContent.perks.${index}.description`)}>
                {perk.description}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}
