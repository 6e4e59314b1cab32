import { blogPath } from '@/lib/blog-path';
import type { LeadSource } from '@/lib/staff-types';

/**
 * Where a lead came from: the page its form was on, the visit's landing page and referring
 * site, the campaign tags and the stories read before it was sent. Nothing for a lead from
 * before sources were kept; a part the visit did not have is left out.
 */
export function LeadSourceFields({ source }: { source: LeadSource | null }) {
  if (!source) return null;
  const campaign = [source.source, source.medium, source.campaign].filter(Boolean).join(' / ');
  const lines: [string, string | null][] = [
    ['Form page', source.page],
    ['Landing page', source.landing],
    ['Referring site', source.referrer],
    ['Campaign', campaign || null],
  ];
  const shown = lines.filter((line): line is [string, string] => Boolean(line[1]));
  return (
    <section class="lead-detail__source" aria-labelledby="lead-source-title">
      <h3 id="lead-source-title">Where it came from</h3>
      {shown.length === 0 && source.stories.length === 0 ? (
        <p>A direct visit: no campaign, referring site or story read.</p>
      ) : (
        <dl class="lead-detail__fields">
          {shown.map(([label, text]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{text}</dd>
            </div>
          ))}
          {source.stories.length > 0 && (
            <div>
              <dt>Stories read</dt>
              <dd>
                <ol class="lead-detail__stories">
                  {source.stories.map((story) => (
                    <li key={story._id}>
                      <a href={blogPath(story._id)} target="_blank" rel="noopener noreferrer">
                        {story.title}
                      </a>
                    </li>
                  ))}
                </ol>
              </dd>
            </div>
          )}
        </dl>
      )}
    </section>
  );
}
