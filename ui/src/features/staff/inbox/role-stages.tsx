import { Link } from '@/components/site-link';
import { TableHead } from '@/features/staff/shell/staff-parts';
import type { ApplicantStage, RoleStages } from './inbox-api';
import { applicantStageLabels } from './inbox-labels';

const STAGES = Object.keys(applicantStageLabels) as ApplicantStage[];

/**
 * The applicants list's counts per role and stage, whatever its filters: a row a role (the
 * openings, then the general applications), a column a stage; each count opens the list of
 * that role in that stage.
 */
export function RoleStagesTable({ roles }: { roles: RoleStages[] }) {
  if (roles.length === 0) return null;
  return (
    <section class="role-stages" aria-labelledby="role-stages-title">
      <h2 id="role-stages-title" class="role-stages__title">
        Applications by role and stage
      </h2>
      <table class="inbox-table role-stages__table" aria-labelledby="role-stages-title">
        <TableHead columns={['Role', ...STAGES.map((stage) => applicantStageLabels[stage]), 'Total']} />
        <tbody>
          {roles.map((role) => {
            const job = role.job ?? 'general';
            return (
              <tr key={job}>
                <th scope="row" data-label="Role">
                  {role.title}
                </th>
                {STAGES.map((stage) => {
                  const count = role.counts[stage] ?? 0;
                  const label = applicantStageLabels[stage];
                  return (
                    <td key={stage} data-label={label} class={count ? undefined : 'role-stages__none'}>
                      {count ? (
                        <Link
                          to={`/staff?list=applicants&job=${encodeURIComponent(job)}&status=${stage}`}
                          aria-label={`${count} ${role.title}: ${label}`}
                        >
                          {count}
                        </Link>
                      ) : (
                        0
                      )}
                    </td>
                  );
                })}
                <td data-label="Total">
                  <Link
                    to={`/staff?list=applicants&job=${encodeURIComponent(job)}`}
                    aria-label={`${role.total} ${role.title}: every stage`}
                  >
                    {role.total}
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
