import { hrLabsPage } from '@/content/business-pages';
import { BusinessPageView } from '@/features/business/business-page-view';

export function HrLabsPage() {
  return <BusinessPageView page={hrLabsPage} pageKey="hr-labs" at="hrLabsPage" />;
}
