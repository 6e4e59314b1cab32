import { Icon } from '@/components/icon';
import { helpBanner } from '@/content/home';
import { companyDetails, mailHref, telHref } from '@/lib/company-details';
import { edited, fieldOf } from '@/lib/page-fields';

/** Contact us calls the company and E-Mail us mails it, at the phone and email of its details. */
export function HelpBannerSection() {
  const details = companyDetails();
  const banner = edited('home', 'helpBanner', helpBanner);
  return (
    <section class="help-banner" aria-labelledby="help-title">
      <div class="container help-banner__inner" data-animate>
        <div>
          <h2 id="help-title" class="help-banner__title" {...fieldOf('helpBanner.heading')}>
            {banner.heading}
          </h2>
          <p class="help-banner__text" {...fieldOf('helpBanner.text')}>
            {banner.text}
          </p>
        </div>
        <div class="button-row">
          {banner.actions.map((action, index) => (
            <a
              key={action.channel}
              class={index === 0 ? 'button button--accent' : 'button button--ghost'}
              href={action.channel === 'email' ? mailHref(details.email) : telHref(details.phone)}
              {...fieldOf(`helpBanner.actions.${index}.label`)}
            >
              <Icon name={action.channel === 'email' ? 'mail' : 'phone'} size={18} />
              {action.label}
            </a>
          ))}
        </div>
      </div>
    </section>
  );
}
