import { projectsPage } from '@/content/business-pages';
import { BusinessPageView } from '@/features/business/business-page-view';

export function ProjectsPage() {
  return <BusinessPageView page={projectsPage} pageKey="projects" at="projectsPage" />;
}
