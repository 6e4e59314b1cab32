import { facilityManagementPage } from '@/content/business-pages';
import { BusinessPageView } from '@/features/business/business-page-view';

export function FacilityManagementPage() {
  return (
    <BusinessPageView
      page={facilityManagementPage}
      pageKey="facility-management"
      at="facilityManagementPage"
    />
  );
}
