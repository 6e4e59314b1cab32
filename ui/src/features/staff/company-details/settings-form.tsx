import { formatTime } from '@/features/staff/shell/staff-format';
import { CompanySection, GroupSitesSection, SocialSection } from './contact-sections';
import { BranchesSection, ClientsSection, CountersSection, LeadersSection } from './list-sections';
import { useSettingsForm } from './use-settings-form';

/** The company's details, as one form saved whole (`saveSettings`). */
export function SettingsForm() {
  const { loaded, form, errors, busy, failed, set, submit } = useSettingsForm();

  if (failed) {
    return (
      <p class="staff-alert" role="alert">
        {failed}
      </p>
    );
  }
  if (!form || !loaded) return <p role="status">Loading…</p>;

  const sections = { form, errors, set };
  return (
    <form class="settings" onSubmit={submit} noValidate>
      {loaded.demo ? (
        <p class="settings-demo" role="note">
          <strong>Demo details.</strong> The site shows the demo details it was shipped with. Replace them
          with the company's own and save.
        </p>
      ) : (
        <p class="settings-saved">
          Last saved {loaded.saved_at ? formatTime(loaded.saved_at) : ''} by {loaded.saved_by}.
        </p>
      )}
      <CompanySection {...sections} />
      <BranchesSection {...sections} />
      <GroupSitesSection {...sections} />
      <SocialSection {...sections} />
      <CountersSection {...sections} />
      <LeadersSection {...sections} />
      <ClientsSection {...sections} />
      <div class="settings-actions">
        <button class="staff-button staff-button--primary" type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save company details'}
        </button>
      </div>
    </form>
  );
}
