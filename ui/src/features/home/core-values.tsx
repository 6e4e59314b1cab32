import { DrawnIcon } from '@/components/drawn-icon';
import { PageSection, sectionHeading } from '@/components/page-section';
import { coreValues, homeContent } from '@/content/home';
import { edited, fieldOf } from '@/lib/page-fields';

export function CoreValues() {
  const content = edited('home', 'homeContent', homeContent);
  const values = edited('home', 'coreValues', coreValues);
  return (
    <PageSection
      id="core-values"
      tone="soft"
      centered
      {...sectionHeading(content, 'homeContent', 'coreValuesHeading')}
    >
      <ul class="card-grid card-grid--3">
        {values.map((value, index) => (
          <li key={value.id} class="card value-card" data-animate>
            <span class="value-card__icon">
              <DrawnIcon name={value.icon} size={28} />
            </span>
            <h3 class="value-card__title" {...fieldOf(`coreValues.${index}.value`)}>
              {value.value}
            </h3>
            <p class="value-card__text" {...fieldOf(`coreValues.${index}.description`)}>
              {value.description}
            </p>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
