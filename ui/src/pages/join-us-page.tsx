import { PageHero } from '@/components/page-hero';
import { ApplicationForm } from '@/features/careers/application-form';
import { careersWords } from '@/features/careers/careers-words';
import { OpenRoles } from '@/features/careers/open-roles';
import { PerksPanel } from '@/features/careers/perks-panel';
import { fieldOf } from '@/lib/page-fields';
import { useBannerMeta } from '@/lib/page-meta';
import '@/styles/controls.css';
import '@/styles/forms.css';
import '@/features/careers/careers.css';

export function JoinUsPage() {
  const { pageTitle, banner, breadcrumb } = careersWords();
  useBannerMeta('join-us', pageTitle, banner);
  return (
    <>
      <PageHero
        title={pageTitle}
        text={banner.headline}
        art={banner}
        breadcrumb={breadcrumb}
        at="careersContent"
        titleAt="careersContent.pageTitle"
        textAt="careersContent.banner.headline"
      >
        <p class="page-hero__text careers-hero__message" {...fieldOf('careersContent.banner.text')}>
          {banner.text}
        </p>
      </PageHero>
      <OpenRoles />
      <div class="careers-page split">
        <ApplicationForm />
        <PerksPanel />
      </div>
    </>
  );
}
