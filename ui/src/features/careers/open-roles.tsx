import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'react-router-dom';
import { Link } from '@/components/site-link';
import { pageData } from '@/lib/page-data';
import { careersWords } from './careers-words';
import { getJobs } from './jobs-api';

/**
 * The open roles above the general form: each with its department, location, workplace and
 * closing day, linked to its page. The filters are a plain GET form, so they work before (or
 * without) the page's script; the server renders the list the query asks for.
 */
export function OpenRoles() {
  const roleWords = careersWords().openRoles;
  const params = new URLSearchParams(useLocation().search);
  const department = params.get('department')?.trim() ?? '';
  const location = params.get('location')?.trim() ?? '';
  // What the server rendered the page with; another list is asked for when the filters move
  // in the browser (or the page was not rendered by the server). Until then, nothing shows.
  const [shown, setShown] = useState(() => {
    // Once: a later visit of the page asks the API.
    const data = pageData();
    const jobs = data.jobs;
    data.jobs = undefined;
    return jobs;
  });
  useEffect(() => {
    if (shown && shown.department === department && shown.location === location) return;
    const controller = new AbortController();
    getJobs(department, location, controller.signal).then(setShown, () => {});
    return () => controller.abort();
  }, [department, location]);
  if (!shown) return null;
  const { data, departments, locations } = shown;
  const filtered = !!(department || location);
  if (data.length === 0 && !filtered) {
    return (
      <section class="open-roles" aria-labelledby="open-roles-title">
        <h2 id="open-roles-title">{roleWords.listTitle}</h2>
        <p>{roleWords.noneOpen}</p>
      </section>
    );
  }
  return (
    <section class="open-roles" aria-labelledby="open-roles-title">
      <h2 id="open-roles-title">{roleWords.listTitle}</h2>
      <p>{roleWords.listIntro}</p>
      <form class="open-roles__filters" method="get" action="/join_us" aria-label="Filter the open roles">
        <div class="open-roles__filter">
          <label for="roles-department">{roleWords.departmentLabel}</label>
          <select id="roles-department" name="department" value={department}>
            <option value="">{roleWords.anyDepartment}</option>
            {departments.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div class="open-roles__filter">
          <label for="roles-location">{roleWords.locationLabel}</label>
          <select id="roles-location" name="location" value={location}>
            <option value="">{roleWords.anyLocation}</option>
            {locations.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" class="action-button action-button--light">
          {roleWords.filterButton}
        </button>
      </form>
      {data.length === 0 ? (
        <p>
          {roleWords.noneMatch} <Link to="/join_us">{roleWords.showAll}</Link>
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
                  ? `${roleWords.closesLabel} ${job.closes_for_people}`
                  : roleWords.openUntilFilled}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
