import { PageSection } from '@/components/page-section';
import { aboutContent } from '@/content/about';
import { siteDetails } from '@/lib/site-details';
import { LeaderCard } from './leader-card';

export function LeadersGrid() {
  return (
    <PageSection id="leaders" title={aboutContent.leadersHeading} intro={aboutContent.leadersIntro} centered>
      <ul class="card-grid card-grid--4">
        {siteDetails().leaders.map((leader, index) => (
          <LeaderCard key={`${index}-${leader.name}`} leader={leader} tint={index % 6} />
        ))}
      </ul>
    </PageSection>
  );
}
