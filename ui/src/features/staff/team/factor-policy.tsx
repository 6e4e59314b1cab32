import { useEffect, useState } from 'preact/hooks';
import type { Role } from '@/lib/staff-types';
import { failureText } from './failure';
import { RoleChoices } from './role-choices';
import { teamApi } from './team-api';

/** "Second factor required for": the roles whose accounts must use one (owners by default). */
export function FactorPolicyForm() {
  const [roles, setRoles] = useState<Role[] | null>(null);
  const [said, setSaid] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    teamApi.factorPolicy().then(
      (policy) => setRoles(policy.required_roles),
      (error) => setFailure(failureText(error, 'The second factor rule could not be loaded.')),
    );
  }, []);

  const save = async (event: Event) => {
    event.preventDefault();
    if (!roles) return;
    setBusy(true);
    setSaid('');
    setFailure('');
    try {
      const saved = await teamApi.setFactorPolicy(roles);
      setRoles(saved.required_roles);
      setSaid(
        saved.required_roles.length > 0
          ? 'Saved. Accounts of these roles set up a second factor at their next sign-in if they have none.'
          : 'Saved. No role needs a second factor now; anyone may still set one up.',
      );
    } catch (error) {
      setFailure(failureText(error, 'The rule could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="team-section" aria-labelledby="factor-policy-title">
      <h2 class="team-section__title" id="factor-policy-title">
        Second factor required for
      </h2>
      <form class="team-card" onSubmit={save}>
        <p class="team-hint">
          An account with any of these roles must give a code from an authenticator app or use a passkey after
          its password. One without a second factor sets one up at its next sign-in.
        </p>
        {failure && (
          <p class="staff-alert" role="alert">
            {failure}
          </p>
        )}
        <p class="team-said" role="status">
          {said}
        </p>
        {roles === null ? (
          !failure && <p>Loading…</p>
        ) : (
          <>
            <RoleChoices
              id="factor-policy"
              legend="Roles that need a second factor"
              chosen={roles}
              onChange={setRoles}
            />
            <div class="team-actions">
              <button type="submit" class="staff-button staff-button--primary" disabled={busy}>
                {busy ? 'Saving…' : 'Save'}
              </button>
            </div>
          </>
        )}
      </form>
    </section>
  );
}
