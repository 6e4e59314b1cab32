import { Icon } from '@/components/icon';
import { PageHero } from '@/components/page-hero';
import { contactContent } from '@/content/contact';
import type { PostalAddress } from '@/content/types';
import { ContactForm } from '@/features/contact/contact-form';
import { MapFacade } from '@/features/contact/map-facade';
import { usePageMeta } from '@/lib/page-meta';
import '@/styles/controls.css';
import '@/styles/forms.css';
import '@/features/contact/contact.css';

function Address({ address }: { address: PostalAddress }) {
  return (
    <div class="contact-block__item">
      <h3 class="contact-block__label">{address.label}</h3>
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
  const { banner, breadcrumb, intro, mainBranch, branchesHeading, branches } = contactContent;
  usePageMeta({ title: banner.headline, description: intro, image: banner.image });
  return (
    <>
      <PageHero
        title={banner.headline}
        text={banner.text}
        image={banner.image}
        imageAlt={banner.imageAlt}
        breadcrumb={breadcrumb}
      />
      <div class="contact-page">
        <p class="contact-page__intro">{intro}</p>
        <div class="contact-page__columns">
          <section class="contact-block" aria-labelledby="main-branch-title">
            <h2 id="main-branch-title" class="contact-section-title">
              {mainBranch.heading}
            </h2>
            <div class="contact-block__grid">
              <Address address={mainBranch.headOffice} />
              <Address address={mainBranch.usaOffice} />
            </div>
            <ul class="contact-block__lines">
              <li>
                <Icon name="phone" size={20} />
                <a href={mainBranch.phone.href}>{mainBranch.phone.display}</a>
              </li>
              <li>
                <Icon name="mail" size={20} />
                <a href={mainBranch.email.href}>{mainBranch.email.display}</a>
              </li>
            </ul>
            <MapFacade />
          </section>
          <ContactForm />
        </div>
        <section class="branches" aria-labelledby="branches-title">
          <h2 id="branches-title" class="contact-section-title">
            {branchesHeading}
          </h2>
          <ul class="branches__list">
            {branches.map((branch) => (
              <li key={branch.id} class="branches__item">
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
