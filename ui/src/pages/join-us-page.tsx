import { PageHero } from '@/components/page-hero';
import { careersContent } from '@/content/careers';
import { ApplicationForm } from '@/features/careers/application-form';
import { PerksPanel } from '@/features/careers/perks-panel';
import { usePageMeta } from '@/lib/page-meta';
import '@/styles/controls.css';
import '@/styles/forms.css';
import '@/features/careers/careers.css';

export function JoinUsPage() {
  const { pageTitle, banner, breadcrumb } = careersContent;
  usePageMeta({ title: pageTitle, description: banner.text, image: banner.image });
  return (
    <>
      <PageHero title={pageTitle} text={banner.headline} art={banner} breadcrumb={breadcrumb}>
        <p class="page-hero__text careers-hero__message">{banner.text}</p>
      </PageHero>
      <div class="careers-page split">
        <ApplicationForm />
        <PerksPanel />
      </div>
    </>
  );
}
