import { Link } from '@/components/site-link';
import { footerAbout, footerLabels, footerLinkGroups } from '@/content/navigation';
import { companyDetails, mailHref, telHref } from '@/lib/company-details';
import { pageYear } from '@/lib/page-data';
import { edited, fieldOf } from '@/lib/page-fields';
import { NewTabLink } from './external-link';
import { Icon } from './icon';
import { SiteBrand } from './site-brand';
import { SocialLinks } from './social-links';

export function SiteFooter() {
  const details = companyDetails();
  const labels = edited('footer', 'footerLabels', footerLabels);
  return (
    <footer class="site-footer">
      <div class="site-footer__inner">
        <div class="site-footer__about">
          <Link to="/" class="site-footer__brand">
            <SiteBrand name={details.company_name} inverted />
          </Link>
          <p {...fieldOf('footerAbout')}>{edited('footer', 'footerAbout', footerAbout)}</p>
          <h2 class="site-footer__heading" {...fieldOf('footerLabels.followUs')}>
            {labels.followUs}
          </h2>
          <SocialLinks />
        </div>
        {edited('footer', 'footerLinkGroups', footerLinkGroups).map((group, column) => (
          <nav key={group.id} class="site-footer__group" aria-labelledby={`footer-${group.id}`}>
            <h2
              id={`footer-${group.id}`}
              class="site-footer__heading"
              {...fieldOf(`footerLinkGroups.${column}.heading`)}
            >
              {group.heading}
            </h2>
            <ul class="site-footer__links">
              {group.links.map((link, row) => (
                <li key={`${row}-${link.path}`} {...fieldOf(`footerLinkGroups.${column}.links.${row}`)}>
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
          <h2 class="site-footer__heading" {...fieldOf('footerLabels.reachUs')}>
            {labels.reachUs}
          </h2>
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
          © {pageYear()} {details.company_name}.{' '}
          <span {...fieldOf('footerLabels.rights')}>{labels.rights}</span>{' '}
          <Link to="/privacy" class="site-footer__privacy" {...fieldOf('footerLabels.privacy')}>
            {labels.privacy}
          </Link>
        </p>
      </div>
    </footer>
  );
}
