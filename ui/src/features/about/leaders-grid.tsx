import { PageSection } from '@/components/page-section';
import { aboutContent, leaders } from '@/content/about';
import { LeaderCard } from './leader-card';

export function LeadersGrid() {
  return (
    <PageSection id="leaders" title={aboutContent.leadersHeading} intro={aboutContent.leadersIntro} centered>
      <ul class="card-grid card-grid--4">
        {leaders.map((leader, index) => (
          <LeaderCard key={leader.id} leader={leader} tint={index % 6} />
        ))}
      </ul>
    </PageSection>
  );
}
