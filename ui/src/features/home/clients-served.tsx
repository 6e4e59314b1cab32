import { PageSection } from '@/components/page-section';
import { homeContent } from '@/content/home';
import { companyDetails, initials } from '@/lib/company-details';

export function ClientsServed() {
  return (
    <PageSection id="clients" title={homeContent.clientsHeading} intro={homeContent.clientsIntro} centered>
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
