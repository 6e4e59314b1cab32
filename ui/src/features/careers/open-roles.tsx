import { useLocation } from 'react-router-dom';
import { Link } from '@/components/site-link';
import { jobsContent } from '@/content/jobs';
import { takeJobs } from '@/lib/page-data';
import { useRemote } from '@/lib/use-remote';
import { getJobs } from './jobs-api';

/**
 * The open roles above the general form: each with its department, location, workplace and
 * closing day, linked to its page. The filters are a plain GET form, so they work before (or
 * without) the page's script; the server renders the list the query asks for.
 */
export function OpenRoles() {
  const params = new URLSearchParams(useLocation().search);
  const department = params.get('department')?.trim() ?? '';
  const location = params.get('location')?.trim() ?? '';
  const remote = useRemote(
    (signal) => getJobs(department, location, signal),
    [department, location],
    () => {},
    () => takeJobs(department, location),
  );
  if (remote.status !== 'ready') return null;
  const { data, departments, locations } = remote.data;
  const filtered = !!(department || location);
  if (data.length === 0 && !filtered) {
    return (
      <section class="open-roles" aria-labelledby="open-roles-title">
        <h2 id="open-roles-title">{jobsContent.listTitle}</h2>
        <p>{jobsContent.noneOpen}</p>
      </section>
    );
  }
  return (
    <section class="open-roles" aria-labelledby="open-roles-title">
      <h2 id="open-roles-title">{jobsContent.listTitle}</h2>
      <p>{jobsContent.listIntro}</p>
      <form class="open-roles__filters" method="get" action="/join_us" aria-label="Filter the open roles">
        <label>
          <span>{jobsContent.departmentLabel}</span>
          <select name="department" value={department}>
            <option value="">{jobsContent.anyDepartment}</option>
            {departments.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{jobsContent.locationLabel}</span>
          <select name="location" value={location}>
            <option value="">{jobsContent.anyLocation}</option>
            {locations.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" class="action-button action-button--light">
          {jobsContent.filterButton}
        </button>
      </form>
      {data.length === 0 ? (
        <p>
          {jobsContent.noneMatch} <Link to="/join_us">{jobsContent.showAll}</Link>
        </p>
      ) : (
        <ul class="open-roles__list">
          {data.map((job) => (
            <li key={job.slug} class="open-roles__item">
              <h3>
                <Link to={`/join_us/${job.slug}`}>{job.title}</Link>
              </h3>
              <p class="open-roles__facts">
                {job.department} · {job.location} · {job.workplace_label}
              </p>
              <p class="open-roles__closes">
                {job.closes_for_people
                  ? `${jobsContent.closesLabel} ${job.closes_for_people}`
                  : jobsContent.openUntilFilled}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
