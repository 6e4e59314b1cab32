import { realEstatePage } from '@/content/business-pages';
import { BusinessPageView } from '@/features/business/business-page-view';

export function RealEstatePage() {
  return <BusinessPageView page={realEstatePage} pageKey="real-estate" at="realEstatePage" />;
}
