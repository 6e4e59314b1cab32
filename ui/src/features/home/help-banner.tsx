import { Icon } from '@/components/icon';
import { helpBanner } from '@/content/home';
import { companyDetails, telHref } from '@/lib/company-details';

/** Both buttons, Contact us and E-Mail us, are telephone links. */
export function HelpBannerSection() {
  const phone = telHref(companyDetails().phone);
  return (
    <section class="help-banner" aria-labelledby="help-title">
      <div class="container help-banner__inner" data-animate>
        <div>
          <h2 id="help-title" class="help-banner__title">
            {helpBanner.heading}
          </h2>
          <p class="help-banner__text">{helpBanner.text}</p>
        </div>
        <div class="button-row">
          {helpBanner.actions.map((action, index) => (
            <a
              key={action.label}
              class={index === 0 ? 'button button--accent' : 'button button--ghost'}
              href={phone}
            >
              <Icon name={index === 0 ? 'phone' : 'mail'} size={18} />
              {action.label}
            </a>
          ))}
        </div>
      </div>
    </section>
  );
}
