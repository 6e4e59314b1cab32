import { PageSection } from '@/components/page-section';
import { aboutContent } from '@/content/about';
import { companyDetails } from '@/lib/company-details';
import { edited, fieldOf } from '@/lib/page-fields';
import { LeaderCard } from './leader-card';
import './leaders.css';

/** The leaders of the company's details, introduced by their number; nothing without any. */
export function LeadersGrid() {
  const { leaders } = companyDetails();
  if (leaders.length === 0) return null;
  return (
    <PageSection
      id="leaders"
      title={edited('about', 'aboutContent', aboutContent).leadersHeading}
      intro={aboutContent.leadersIntro(leaders.length)}
      centered
      titleField={fieldOf('aboutContent.leadersHeading')}
    >
      <ul class="card-grid leaders-grid">
        {leaders.map((leader, index) => (
          <LeaderCard key={`${index}-${leader.name}`} leader={leader} tint={index % 6} />
        ))}
      </ul>
    </PageSection>
  );
}
