import { useEffect, useRef, useState } from 'preact/hooks';
import { failureText } from '@/features/staff/shell/failure';
import { formatTime } from '@/features/staff/shell/staff-format';
import { StaffAlert, SubmitButton, TableHead } from '@/features/staff/shell/staff-parts';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import type { LeadMailBody, LeadMailRule, Role, TeamBody, TeamMember } from '@/lib/staff-types';
import { RoleChoices, rolesChosen } from './role-choices';
import { roleList } from './role-labels';
import { teamApi } from './team-api';

interface AccountsProps {
  accounts: TeamMember[];
  onChanged: (team: TeamBody, message: string) => void;
  onFailed: (message: string) => void;
}

/** A removal's failure, in the words of the member's name. */
const notRemoved = (error: unknown, member: TeamMember) =>
  failureText(error, `${member.name} could not be removed. Please try again.`);

/**
 * The team's accounts: roles, last sign-in, state and second factor; change roles, reset a
 * lost second factor, remove a leaver.
 */
export function TeamAccounts({ accounts, onChanged, onFailed }: AccountsProps) {
  const [editing, setEditing] = useState<number | null>(null);
  const [leaving, setLeaving] = useState<{ member: TeamMember; leadMail: LeadMailBody } | null>(null);

  const resetFactors = useStaffForm({
    send: (member: TeamMember) => teamApi.resetFactors(member.id),
    done: (team, member) =>
      onChanged(team, `The second factor of ${member.name} was reset, and they were signed out.`),
    failure: (error, member) =>
      failureText(error, `The second factor of ${member.name} could not be reset. Please try again.`),
    onError: onFailed,
  });

  // Someone who gets lead mail is asked who gets it instead (`LeaverLeadMail`); anyone else
  // is removed once the browser's dialog says yes.
  const remove = useStaffForm({
    send: async (member: TeamMember) => {
      const leadMail = await teamApi.leadMail(member.id);
      if (leadMail.rules.length > 0) {
        setLeaving({ member, leadMail });
        return null;
      }
      const sure = window.confirm(
        `Remove ${member.name} from the team? They are signed out at once and can no longer sign in, and the invites they sent stop working. What they did stays in the audit log.`,
      );
      return sure ? teamApi.remove(member.id) : null;
    },
    done: (team, member) => {
      if (team) onChanged(team, `${member.name} was removed from the team and signed out.`);
    },
    failure: notRemoved,
    onError: onFailed,
  });

  const removeLeaver = useStaffForm({
    send: (member: TeamMember, heir: TeamMember | null) => teamApi.remove(member.id, heir?.id),
    done: (team, member, heir) => {
      setLeaving(null);
      onChanged(
        team,
        heir
          ? `${member.name} was removed from the team and signed out; their lead mail now goes to ${heir.name}.`
          : `${member.name} was removed from the team and signed out.`,
      );
    },
    failure: notRemoved,
    onError: onFailed,
  });

  return (
    <section class="team-section" aria-labelledby="accounts-title">
      <h2 class="team-section__title" id="accounts-title">
        Accounts
      </h2>
      <table class="inbox-table team-table team-table--accounts">
        <TableHead
          columns={['Name', 'Email', 'Roles', 'Last sign-in', 'State', 'Second factor']}
          actions="Actions"
        />
        <tbody>
          {accounts.map((member) => (
            <AccountRow
              key={member.id}
              member={member}
              editing={editing === member.id}
              onEdit={() => setEditing(editing === member.id ? null : member.id)}
              onDone={(team, message) => {
                setEditing(null);
                onChanged(team, message);
              }}
              onRemove={() => remove.run(member)}
              onResetFactors={() =>
                window.confirm(
                  `Reset the second factor of ${member.name}? Their authenticator app, passkeys and recovery codes stop working and they are signed out. If their role needs a second factor, they set up a new one at their next sign-in.`,
                ) && resetFactors.run(member)
              }
            />
          ))}
        </tbody>
      </table>
      {leaving && (
        <LeaverLeadMail
          member={leaving.member}
          leadMail={leaving.leadMail}
          team={accounts.filter((other) => other.id !== leaving.member.id)}
          busy={removeLeaver.busy}
          onCancel={() => setLeaving(null)}
          onRemove={(heir) => removeLeaver.run(leaving.member, heir)}
        />
      )}
    </section>
  );
}

/** One rule in words: `Enquiries, any department (--notify-to)`. */
export function leadMailText(rule: LeadMailRule): string {
  const kind = rule.kind === 'enquiry' ? 'Enquiries' : 'Job applications';
  const department = rule.department === '' ? 'any department' : rule.department;
  return `${kind}, ${department}${rule.notify_to ? ' (set by the server’s --notify-to)' : ''}`;
}

interface LeaverProps {
  member: TeamMember;
  leadMail: LeadMailBody;
  team: TeamMember[];
  /** The removal is out. */
  busy: boolean;
  onCancel: () => void;
  onRemove: (heir: TeamMember | null) => void;
}

/**
 * The removal of someone who gets lead mail: what they get, and who should get it instead (the
 * signed-in owner first), or no one (it keeps going to their address).
 */
function LeaverLeadMail({ member, leadMail, team, busy, onCancel, onRemove }: LeaverProps) {
  const first = team.find((other) => other.you) ?? team[0];
  const [heir, setHeir] = useState<string>(first ? String(first.id) : '');
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <fieldset class="team-leaver" aria-labelledby="team-leaver-title">
      <h3 class="team-leaver__title" id="team-leaver-title" tabIndex={-1} ref={title}>
        Remove {member.name}?
      </h3>
      <p class="staff-alert" role="alert">
        {member.name} gets lead mail at {leadMail.email}. Removing the account does not stop it unless the
        mail goes to someone else:
      </p>
      <ul class="team-leaver__rules">
        {leadMail.rules.map((rule) => (
          <li key={`${rule.kind}/${rule.department}/${rule.notify_to}`}>{leadMailText(rule)}</li>
        ))}
      </ul>
      <label class="staff-field" for="team-leaver-heir">
        <span>Send this lead mail to</span>
        <select id="team-leaver-heir" value={heir} onChange={(event) => setHeir(event.currentTarget.value)}>
          {team.map((other) => (
            <option key={other.id} value={String(other.id)}>
              {other.name} ({other.email})
            </option>
          ))}
          <option value="">Nobody else: keep sending it to {leadMail.email}</option>
        </select>
      </label>
      <p class="team-leaver__note">
        They are signed out at once and can no longer sign in; the invites they sent stop working. What they
        did stays in the audit log.
      </p>
      <div class="team-leaver__actions">
        <button
          type="button"
          class="staff-button staff-button--danger"
          disabled={busy}
          onClick={() => onRemove(team.find((other) => String(other.id) === heir) ?? null)}
        >
          Remove {member.name}
        </button>
        <button type="button" class="staff-button" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}

interface RowProps {
  member: TeamMember;
  editing: boolean;
  onEdit: () => void;
  onDone: (team: TeamBody, message: string) => void;
  onRemove: () => void;
  onResetFactors: () => void;
}

function AccountRow({ member, editing, onEdit, onDone, onRemove, onResetFactors }: RowProps) {
  return (
    <>
      <tr>
        <td data-label="Name">
          {member.name}
          {member.you && <span class="team-you"> (you)</span>}
        </td>
        <td data-label="Email" class="team-cell-email">
          {member.email}
        </td>
        <td data-label="Roles" class="team-cell-roles">
          {roleList(member.roles)}
        </td>
        <td data-label="Last sign-in">
          {member.last_sign_in_at ? formatTime(member.last_sign_in_at) : 'Never'}
        </td>
        <td data-label="State">
          <span class="status-badge">{member.one_time_password ? 'One-time password' : 'Active'}</span>
        </td>
        <td data-label="Second factor">
          <span class={`status-badge${member.second_factor ? ' team-factor-on' : ''}`}>
            {member.second_factor ? 'On' : 'Off'}
          </span>
        </td>
        <td data-label="Actions" class="team-actions">
          <button
            type="button"
            class="staff-button"
            aria-expanded={editing}
            aria-controls={`roles-of-${member.id}`}
            onClick={onEdit}
          >
            Change roles<span class="visually-hidden"> of {member.name}</span>
          </button>
          {!member.you && member.second_factor && (
            <button type="button" class="staff-button" onClick={onResetFactors}>
              Reset second factor<span class="visually-hidden"> of {member.name}</span>
            </button>
          )}
          {!member.you && (
            <button type="button" class="staff-button staff-button--danger" onClick={onRemove}>
              Remove<span class="visually-hidden"> {member.name}</span>
            </button>
          )}
        </td>
      </tr>
      {editing && (
        <tr class="team-edit-row">
          <td colSpan={7}>
            <RolesEditor member={member} onDone={onDone} onCancel={onEdit} />
          </td>
        </tr>
      )}
    </>
  );
}

function RolesEditor({
  member,
  onDone,
  onCancel,
}: {
  member: TeamMember;
  onDone: (team: TeamBody, message: string) => void;
  onCancel: () => void;
}) {
  const [roles, setRoles] = useState<Role[]>(member.roles);
  const form = useRef<HTMLFormElement>(null);
  const save = useStaffForm({
    check: () => rolesChosen(roles),
    send: () => teamApi.setRoles(member.id, roles),
    done: (team) => onDone(team, `The roles of ${member.name} were saved.`),
    failure: 'The roles could not be saved. Please try again.',
  });

  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  return (
    <form ref={form} id={`roles-of-${member.id}`} class="team-roles-form" onSubmit={save.submit} noValidate>
      <StaffAlert message={save.error} />
      <RoleChoices
        id={`member-${member.id}`}
        legend={`Roles of ${member.name}`}
        chosen={roles}
        onChange={setRoles}
        error={save.errors.roles}
      />
      <div class="team-actions">
        <SubmitButton busy={save.busy} busyLabel="Saving…">
          Save roles
        </SubmitButton>
        <button type="button" class="staff-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
