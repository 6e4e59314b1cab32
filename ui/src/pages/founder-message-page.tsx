import { PageHero } from '@/components/page-hero';
import { Paragraphs } from '@/components/paragraphs';
import { founderMessageContent } from '@/content/founder-message';
import { founderLeader, initials } from '@/lib/company-details';
import { edited, fieldOf } from '@/lib/page-fields';
import { useBannerMeta } from '@/lib/page-meta';
import { mediaUrl } from '@/lib/runtime-config';
import '@/features/about/founder.css';

/** Chairman's / Founder's message, under Home > About Us > Chairman's Message. */
export function FounderMessagePage() {
  const { pageTitle, breadcrumb, banner, message, pullQuote } = edited(
    'founder-message',
    'founderMessageContent',
    founderMessageContent,
  );
  const founder = founderLeader();
  useBannerMeta('founder-message', pageTitle, banner);
  return (
    <>
      <PageHero
        title={pageTitle}
        banner={banner}
        breadcrumb={breadcrumb}
        at="founderMessageContent"
        titleAt="founderMessageContent.pageTitle"
      />
      <section class="page-section" aria-labelledby="founder-message-title">
        <div class="container founder">
          <div class="card founder__card" data-animate>
            {founder.portrait ? (
              <img
                class="founder__photo"
                src={mediaUrl(founder.portrait)}
                alt=""
                width={160}
                height={160}
                decoding="async"
              />
            ) : (
              <span class="monogram monogram--large monogram--0" aria-hidden="true">
                {initials(founder.name)}
              </span>
            )}
            <p class="founder__name">{founder.name}</p>
            <p class="founder__role">{founder.designation}</p>
            <blockquote class="founder__quote">
              <p {...fieldOf('founderMessageContent.pullQuote')}>{pullQuote}</p>
            </blockquote>
          </div>
          <article class="founder__letter" data-animate>
            <h2
              id="founder-message-title"
              class="section-heading__title"
              {...fieldOf('founderMessageContent.message.heading')}
            >
              {message.heading}
            </h2>
            <Paragraphs
              items={message.paragraphs}
              field={fieldOf('founderMessageContent.message.paragraphs')}
            />
            <p class="signature">
              <strong>{founder.name}</strong>
              <span>{founder.designation}</span>
            </p>
          </article>
        </div>
      </section>
    </>
  );
}
