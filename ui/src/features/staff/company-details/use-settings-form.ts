import { useMemo, useState } from 'preact/hooks';
import { checkFieldsMessage, withoutErrorOf } from '@/features/staff/shell/field-names';
import { useLeaveGuard } from '@/features/staff/shell/use-leave-guard';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import { ApiError } from '@/lib/api-client';
import type { CompanyDetailsForm } from '@/lib/api-types';
import { toast } from '@/lib/toast';
import { settingsApi } from './settings-api';
import { fieldId, type SetDetail } from './settings-field';

/** What the screen says when the details cannot be read: the server's refusal, or a reload. */
function loadFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 403 && error.fromServer) {
    return `Your role cannot open this screen. ${error.message}`;
  }
  return "The company's details could not be loaded. Please reload the page.";
}

/** What a failed save says: a session that ended (the sign-in was cancelled), or try again. */
function saveFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) {
    return 'Your session has ended. Save again to sign in; nothing you typed is lost.';
  }
  if (error instanceof ApiError && error.status === 403 && error.fromServer) return error.message;
  return 'The details could not be saved. Nothing was lost: please try again.';
}

/** The first field a refusal names gets the focus, in the middle of the screen. */
function focusFirst(errors: Record<string, string>) {
  const first = Object.keys(errors)[0] ?? '';
  const target =
    document.getElementById(fieldId(first)) ??
    document.getElementById(fieldId(first.replace(/\[\d+\]$/, ''))) ??
    document.getElementById(`${fieldId(first)}-add`);
  target?.focus();
  target?.scrollIntoView({ block: 'center' });
}

/**
 * The company's details as stored, the form editing them, and saving it whole: on field
 * errors the first field in error gets the focus. Leaving with changes not saved asks first.
 */
export function useSettingsForm() {
  const [form, setForm] = useState<CompanyDetailsForm | null>(null);
  const details = useStaffLoad(
    async () => {
      const body = await settingsApi.read();
      setForm(body.data);
      return body;
    },
    [],
    loadFailure,
  );
  const loaded = details.data;
  const save = useStaffForm({
    send: (sent: CompanyDetailsForm) => settingsApi.save(sent),
    done: (saved) => {
      details.setData(saved);
      setForm(saved.data);
      toast.success('Company details saved. The site shows them now.');
    },
    // Said in a toast, as the save button is at the foot of a long form.
    failure: saveFailure,
    failed: (error, errors) => {
      if (Object.keys(errors).length === 0) {
        toast.error(saveFailure(error));
        return;
      }
      toast.error(checkFieldsMessage(errors, fieldId));
      focusFirst(errors);
    },
  });

  const dirty = useMemo(
    () => form !== null && loaded !== null && JSON.stringify(form) !== JSON.stringify(loaded.data),
    [form, loaded],
  );
  useLeaveGuard(dirty);

  // A changed field's message goes at once: it spoke of what was there before.
  const set: SetDetail = (key, value) => {
    if (form) setForm({ ...form, [key]: value });
    save.setErrors((was) => withoutErrorOf(was, key));
  };

  const submit = (event: Event) => {
    event.preventDefault();
    if (form) save.run(form);
  };

  return { loaded, form, errors: save.errors, busy: save.busy, failed: details.error, set, submit };
}
