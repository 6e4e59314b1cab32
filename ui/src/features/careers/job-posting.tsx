import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'react-router-dom';
import { Link } from '@/components/site-link';
import ApplicationForm from '@/islands/application-form';
import { ApiError } from '@/lib/api-client';
import type { JobPosting } from '@/lib/api-types';
import { pageData } from '@/lib/page-data';
import { usePageMeta } from '@/lib/page-meta';
import { careersWords } from './careers-words';
import { jobPostingData } from './job-posting-data';
import { getJob } from './jobs-api';

/**
 * What a posting's address answered: the posting, or why not (404, 410); `status` 0 when it
 * could not be asked. Keyed by the slug it answers for.
 */
type Answer = { slug: string; status: number; body: JobPosting | null };

async function load(slug: string, signal: AbortSignal): Promise<Answer> {
  try {
    return { slug, status: 200, body: await getJob(slug, signal) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 410)) {
      return { slug, status: error.status, body: null };
    }
    return { slug, status: 0, body: null };
  }
}

/** The answer for `slug`: the one the page came with, else asked of the API. */
function usePosting(slug: string): Answer | null {
  const [answer, setAnswer] = useState<Answer | null>(() => {
    // Once: a later visit of the page asks the API.
    const data = pageData();
    const preloaded = data.job;
    data.job = undefined;
    return preloaded ?? null;
  });
  useEffect(() => {
    if (answer?.slug === slug) return;
    const controller = new AbortController();
    load(slug, controller.signal).then((loaded) => {
      if (!controller.signal.aborted) setAnswer(loaded);
    });
    return () => controller.abort();
  }, [slug]);
  return answer?.slug === slug ? answer : null;
}

function Fact({ label, children }: { label: string; children: preact.ComponentChildren }) {
  return (
    <div class="job-posting__fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Posting({ job }: { job: JobPosting }) {
  const roleWords = careersWords().openRoles;
  const { facts } = roleWords;
  return (
    <>
      <article class="job-posting" aria-labelledby="job-title">
        <h1 id="job-title" class="job-posting__title">
          {job.title}
        </h1>
        <dl class="job-posting__facts">
          <Fact label={facts.department}>{job.department}</Fact>
          <Fact label={facts.location}>
            {job.location}
            <span class="job-posting__address">{job.address.join(', ')}</span>
          </Fact>
          <Fact label={facts.employmentType}>{job.employment_type_label}</Fact>
          <Fact label={facts.workplace}>{job.workplace_label}</Fact>
          {job.salary && <Fact label={facts.salary}>{job.salary.text}</Fact>}
          <Fact label={facts.openings}>{job.openings}</Fact>
          <Fact label={facts.posted}>
            <time dateTime={job.date_posted}>{job.date_posted_for_people}</time>
          </Fact>
          <Fact label={facts.closes}>
            {job.closes_at ? (
              <time dateTime={job.closes_at}>{job.closes_for_people}</time>
            ) : (
              roleWords.openUntilFilled
            )}
          </Fact>
          <Fact label={facts.reference}>{job.slug}</Fact>
        </dl>
        {/* Sanitized by the server's allowlist as it was saved and again as it was served. */}
        <div class="job-posting__description" dangerouslySetInnerHTML={{ __html: job.description }} />
      </article>
      <ApplicationForm job={job.slug} heading={`${roleWords.applyTitle}: ${job.title}`} />
    </>
  );
}

/**
 * `/join_us/:id`: one opening, whole, with the application form tied to it and its
 * `JobPosting` structured data; a closed one says so (the server answers 410) and links to the
 * open roles.
 */
export function JobPostingView({ id }: { id: string }) {
  const roleWords = careersWords().openRoles;
  const { pathname } = useLocation();
  const answer = usePosting(id);
  const job = answer?.body ?? null;
  usePageMeta(
    job
      ? {
          title: job.title,
          description: `${job.title}: ${job.department}, ${job.location} (${job.workplace_label}).`,
          structuredData: jobPostingData(job, pathname),
        }
      : {
          title: answer?.status === 410 ? roleWords.closedTitle : roleWords.missingTitle,
          noindex: true,
        },
  );

  return (
    <div class="careers-page job-page">
      <p class="job-page__back">
        <Link to="/join_us">← {roleWords.backToRoles}</Link>
      </p>
      {!answer && <p role="status">{roleWords.loading}</p>}
      {answer?.status === 0 && <p role="alert">{roleWords.loadFailed}</p>}
      {answer && answer.status !== 0 && !job && (
        <section class="job-page__message">
          <h1>{answer.status === 410 ? roleWords.closedTitle : roleWords.missingTitle}</h1>
          <p>{answer.status === 410 ? roleWords.closedText : roleWords.missingText}</p>
          <p>
            <Link to="/join_us" class="action-button action-button--primary">
              {roleWords.closedLink}
            </Link>
          </p>
        </section>
      )}
      {job && (
        <div class="split">
          <Posting job={job} />
        </div>
      )}
    </div>
  );
}
