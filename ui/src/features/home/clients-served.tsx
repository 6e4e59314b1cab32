import { PageSection, sectionHeading } from '@/components/page-section';
import { homeContent } from '@/content/home';
import { companyDetails, initials } from '@/lib/company-details';
import { edited } from '@/lib/page-fields';

export function ClientsServed() {
  const content = edited('home', 'homeContent', homeContent);
  return (
    <PageSection
      id="clients"
      centered
      {...sectionHeading(content, 'homeContent', 'clientsHeading', 'clientsIntro')}
    >
      <ul class="client-grid">
        {companyDetails().clients.map((client, index) => (
          <li key={`${index}-${client.name}`} class="client" data-animate>
            <span class={`monogram monogram--${index % 6}`} aria-hidden="true">
              {initials(client.name)}
            </span>
            <span class="client__text">
              <span class="client__name">{client.name}</span>
              <span class="client__sector">{client.sector}</span>
            </span>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
