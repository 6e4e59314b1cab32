import { Icon } from '@/components/icon';
import { PageHero } from '@/components/page-hero';
import { contactContent } from '@/content/contact';
import type { PostalAddress } from '@/content/types';
import { MapFacade } from '@/features/contact/map-facade';
import ContactForm from '@/islands/contact-form';
import MapLoader from '@/islands/map-loader';
import { companyDetails, mailHref, telHref } from '@/lib/company-details';
import { edited, fieldOf } from '@/lib/page-fields';
import { useBannerMeta } from '@/lib/page-meta';
import '@/styles/controls.css';
import '@/styles/forms.css';
import '@/features/contact/contact.css';

function Address({ address, labelAt }: { address: PostalAddress; labelAt: string }) {
  return (
    <div class="contact-block__item">
      <h3 class="contact-block__label" {...fieldOf(labelAt)}>
        {address.label}
      </h3>
      <address>
        {address.lines.map((line) => (
          <span key={line} class="contact-block__line">
            {line}
          </span>
        ))}
      </address>
    </div>
  );
}

export function ContactPage() {
  const { banner, breadcrumb, intro, mainBranch, branchesHeading } = edited(
    'contact',
    'contactContent',
    contactContent,
  );
  const details = companyDetails();
  useBannerMeta('contact', banner.headline, banner, intro);
  return (
    <>
      <PageHero banner={banner} breadcrumb={breadcrumb} at="contactContent" />
      <div class="contact-page">
        <p class="contact-page__intro" {...fieldOf('contactContent.intro')}>
          {intro}
        </p>
        <div class="split">
          <section class="contact-block" aria-labelledby="main-branch-title">
            <h2
              id="main-branch-title"
              class="contact-section-title"
              {...fieldOf('contactContent.mainBranch.heading')}
            >
              {mainBranch.heading}
            </h2>
            <div class="contact-block__grid">
              <Address
                address={{ label: mainBranch.headOffice.label, lines: details.head_office }}
                labelAt="contactContent.mainBranch.headOffice.label"
              />
              <Address
                address={{ label: mainBranch.usaOffice.label, lines: details.usa_office }}
                labelAt="contactContent.mainBranch.usaOffice.label"
              />
            </div>
            <ul class="contact-block__lines">
              <li>
                <Icon name="phone" size={20} />
                <a href={telHref(details.phone)}>{details.phone}</a>
              </li>
              <li>
                <Icon name="mail" size={20} />
                <a href={mailHref(details.email)}>{details.email}</a>
              </li>
            </ul>
            <MapFacade Loader={MapLoader} />
          </section>
          <ContactForm form={edited('contact', 'contactContent', contactContent).form} />
        </div>
        <section class="branches" aria-labelledby="branches-title">
          <h2
            id="branches-title"
            class="contact-section-title"
            {...fieldOf('contactContent.branchesHeading')}
          >
            {branchesHeading}
          </h2>
          <ul class="branches__list">
            {details.branches.map((branch, index) => (
              <li key={`${index}-${branch.city}`} class="branches__item">
                <Icon name="map-pin" size={20} class="branches__icon" />
                <div>
                  <h3 class="branches__city">{branch.city}</h3>
                  <p class="branches__address">{branch.address}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
