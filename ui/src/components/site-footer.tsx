import { Link } from '@/components/site-link';
import { footerAbout, footerLabels, footerLinkGroups } from '@/content/navigation';
import { companyDetails, mailHref, telHref } from '@/lib/company-details';
import { pageYear } from '@/lib/page-data';
import { NewTabLink } from './external-link';
import { Icon } from './icon';
import { SiteBrand } from './site-brand';
import { SocialLinks } from './social-links';

export function SiteFooter() {
  const details = companyDetails();
  return (
    <footer class="site-footer">
      <div class="site-footer__inner">
        <div class="site-footer__about">
          <Link to="/" class="site-footer__brand">
            <SiteBrand inverted />
          </Link>
          <p>{footerAbout}</p>
          <h2 class="site-footer__heading">{footerLabels.followUs}</h2>
          <SocialLinks />
        </div>
        {footerLinkGroups.map((group) => (
          <nav key={group.id} class="site-footer__group" aria-labelledby={`footer-${group.id}`}>
            <h2 id={`footer-${group.id}`} class="site-footer__heading">
              {group.heading}
            </h2>
            <ul class="site-footer__links">
              {group.links.map((link) => (
                <li key={link.path}>
                  {link.external ? (
                    <NewTabLink href={link.path}>{link.label}</NewTabLink>
                  ) : (
                    <Link to={link.path}>{link.label}</Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div class="site-footer__group">
          <h2 class="site-footer__heading">{footerLabels.reachUs}</h2>
          <ul class="site-footer__links site-footer__contact">
            <li>
              <a href={telHref(details.phone)}>
                <Icon name="phone" size={18} />
                {details.phone}
              </a>
            </li>
            <li>
              <a href={mailHref(details.email)}>
                <Icon name="mail" size={18} />
                {details.email}
              </a>
            </li>
            <li class="site-footer__address">
              <Icon name="map-pin" size={18} />
              <span>{details.head_office.join(', ')}</span>
            </li>
          </ul>
        </div>
      </div>
      <div class="site-footer__bottom">
        <p>
          © {pageYear()} {details.company_name}. {footerLabels.rights}
        </p>
      </div>
    </footer>
  );
}
