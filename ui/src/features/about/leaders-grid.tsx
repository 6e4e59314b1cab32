import { PageSection } from '@/components/page-section';
import { aboutContent } from '@/content/about';
import { companyDetails } from '@/lib/company-details';
import { countWord } from '@/lib/count-words';
import { fillIn } from '@/lib/fill-in';
import { edited, fieldOf } from '@/lib/page-fields';
import { LeaderCard } from './leader-card';
import './leaders.css';

/** The leaders of the company's details, introduced by their number; nothing without any. */
export function LeadersGrid() {
  const { leaders } = companyDetails();
  if (leaders.length === 0) return null;
  const words = edited('about', 'aboutContent', aboutContent);
  const one = leaders.length === 1;
  return (
    <PageSection
      id="leaders"
      title={words.leadersHeading}
      intro={one ? words.leaderIntro : fillIn(words.leadersIntro, { count: countWord(leaders.length) })}
      centered
      titleField={fieldOf('aboutContent.leadersHeading')}
      introField={fieldOf(one ? 'aboutContent.leaderIntro' : 'aboutContent.leadersIntro')}
    >
      <ul class="card-grid leaders-grid">
        {leaders.map((leader, index) => (
          <LeaderCard key={`${index}-${leader.name}`} leader={leader} tint={index % 6} words={words} />
        ))}
      </ul>
    </PageSection>
  );
}
