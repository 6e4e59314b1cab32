import { Icon } from '@/components/icon';
import { PageSection } from '@/components/page-section';
import { coreValues, homeContent } from '@/content/home';

export function CoreValues() {
  return (
    <PageSection id="core-values" title={homeContent.coreValuesHeading} tone="soft" centered>
      <ul class="card-grid card-grid--3">
        {coreValues.map((value) => (
          <li key={value.id} class="card value-card" data-animate>
            <span class="value-card__icon">
              <Icon name={value.icon} size={28} />
            </span>
            <h3 class="value-card__title">{value.value}</h3>
            <p class="value-card__text">{value.description}</p>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
