import { useParams } from 'react-router-dom';
import { PageHero } from '@/components/page-hero';
import { careersWords } from '@/features/careers/careers-words';
import { JobPostingView } from '@/features/careers/job-posting';
import { OpenRoles } from '@/features/careers/open-roles';
import { PerksPanel } from '@/features/careers/perks-panel';
import ApplicationForm from '@/islands/application-form';
import { fieldOf } from '@/lib/page-fields';
import { useBannerMeta } from '@/lib/page-meta';
import '@/styles/controls.css';
import '@/styles/forms.css';
import '@/features/careers/careers.css';

/** `/join_us`: the open roles above the general form; `/join_us/:id`: one opening's page. */
export function JoinUsPage() {
  const { id } = useParams();
  return id ? <JobPostingView id={id} /> : <Careers />;
}

function Careers() {
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
