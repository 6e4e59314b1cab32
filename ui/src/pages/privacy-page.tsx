import { PageHero } from '@/components/page-hero';
import { type PrivacyPoint, privacyContent } from '@/content/privacy';
import { fill, fillText } from '@/features/privacy/fill';
import { RetentionRules } from '@/features/privacy/retention-rules';
import { companyDetails, mailHref } from '@/lib/company-details';
import { edited, fieldOf } from '@/lib/page-fields';
import { usePageMeta } from '@/lib/page-meta';
import '@/features/privacy/privacy.css';

/** A list of headings with what each says, each tied to its field in a preview. */
function Points({ points, at }: { points: readonly PrivacyPoint[]; at: string }) {
  return (
    <dl class="privacy-notice__points">
      {points.map((point, index) => (
        <div key={`${index}-${point.heading}`}>
          <dt {...fieldOf(`${at}.${index}.heading`)}>{point.heading}</dt>
          <dd {...fieldOf(`${at}.${index}.description`)}>{point.description}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The privacy notice: who keeps a visitor's data, what the site collects and why, who sees
 * it, how long each list keeps it (the owners' rules as they are set now) and how to see it or
 * have it erased.
 */
export function PrivacyPage() {
  const words = edited('privacy', 'privacyContent', privacyContent);
  const details = companyDetails();
  usePageMeta(
    edited('privacy', 'pageMeta', {
      title: privacyContent.pageTitle,
      description: privacyContent.intro,
    }),
  );
  const { controller, collected, audience, retention, rights } = words;
  return (
    <>
      <PageHero
        title={words.pageTitle}
        text={words.intro}
        breadcrumb={words.breadcrumb}
        at="privacyContent"
        titleAt="privacyContent.pageTitle"
        textAt="privacyContent.intro"
      />
      <div class="privacy-notice">
        <section aria-labelledby="privacy-controller">
          <h2 id="privacy-controller" {...fieldOf('privacyContent.controller.heading')}>
            {controller.heading}
          </h2>
          <p {...fieldOf('privacyContent.controller.text')}>
            {fillText(controller.text, {
              company: details.company_name,
              address: details.head_office.join(', '),
            })}
          </p>
        </section>
        <section aria-labelledby="privacy-collected">
          <h2 id="privacy-collected" {...fieldOf('privacyContent.collected.heading')}>
            {collected.heading}
          </h2>
          <Points points={collected.points} at="privacyContent.collected.points" />
        </section>
        <section aria-labelledby="privacy-audience">
          <h2 id="privacy-audience" {...fieldOf('privacyContent.audience.heading')}>
            {audience.heading}
          </h2>
          <p {...fieldOf('privacyContent.audience.intro')}>{audience.intro}</p>
          <Points points={audience.points} at="privacyContent.audience.points" />
        </section>
        <section aria-labelledby="privacy-retention">
          <h2 id="privacy-retention" {...fieldOf('privacyContent.retention.heading')}>
            {retention.heading}
          </h2>
          <p {...fieldOf('privacyContent.retention.intro')}>{retention.intro}</p>
          <RetentionRules words={retention} />
        </section>
        <section aria-labelledby="privacy-rights">
          <h2 id="privacy-rights" {...fieldOf('privacyContent.rights.heading')}>
            {rights.heading}
          </h2>
          <p {...fieldOf('privacyContent.rights.text')}>
            {fill(rights.text, { email: <a href={mailHref(details.email)}>{details.email}</a> })}
          </p>
          <p {...fieldOf('privacyContent.rights.final')}>{rights.final}</p>
        </section>
      </div>
    </>
  );
}
