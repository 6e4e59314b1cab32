import { SaidLine, StaffAlert, SubmitButton } from '@/features/staff/shell/staff-parts';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import type { Role } from '@/lib/staff-types';
import { RoleChoices } from './role-choices';
import { teamApi } from './team-api';

/** "Second factor required for": the roles whose accounts must use one (owners by default). */
export function FactorPolicyForm() {
  const policy = useStaffLoad(teamApi.factorPolicy, [], 'The second factor rule could not be loaded.');
  const roles = policy.data?.required_roles ?? null;
  const form = useStaffForm({
    send: (chosen: Role[]) => teamApi.setFactorPolicy(chosen),
    done: (saved) => {
      policy.setData(saved);
      return saved.required_roles.length > 0
        ? 'Saved. Accounts of these roles set up a second factor at their next sign-in if they have none.'
        : 'Saved. No role needs a second factor now; anyone may still set one up.';
    },
    failure: 'The rule could not be saved. Please try again.',
  });
  const failure = policy.error || form.error;

  return (
    <section class="team-section" aria-labelledby="factor-policy-title">
      <h2 class="team-section__title" id="factor-policy-title">
        Second factor required for
      </h2>
      <form
        class="staff-panel team-card"
        onSubmit={(event) => {
          event.preventDefault();
          if (roles) form.run(roles);
        }}
      >
        <p class="team-hint">
          An account with any of these roles must give a code from an authenticator app or use a passkey after
          its password. One without a second factor sets one up at its next sign-in.
        </p>
        <StaffAlert message={failure} />
        <SaidLine class="team-said" message={form.said} />
        {roles === null ? (
          !failure && <p>Loading…</p>
        ) : (
          <>
            <RoleChoices
              id="factor-policy"
              legend="Roles that need a second factor"
              chosen={roles}
              onChange={(required_roles) => policy.setData({ required_roles })}
            />
            <div class="team-actions">
              <SubmitButton busy={form.busy} busyLabel="Saving…">
                Save
              </SubmitButton>
            </div>
          </>
        )}
      </form>
    </section>
  );
}
