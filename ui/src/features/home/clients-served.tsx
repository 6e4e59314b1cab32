import { PageSection } from '@/components/page-section';
import { homeContent } from '@/content/home';
import { companyDetails, initials } from '@/lib/company-details';
import { edited, fieldOf } from '@/lib/page-fields';

export function ClientsServed() {
  const content = edited('home', 'homeContent', homeContent);
  return (
    <PageSection
      id="clients"
      title={content.clientsHeading}
      intro={content.clientsIntro}
      centered
      titleField={fieldOf('homeContent.clientsHeading')}
      introField={fieldOf('homeContent.clientsIntro')}
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
