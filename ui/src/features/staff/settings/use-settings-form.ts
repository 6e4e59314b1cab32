import { useEffect, useMemo, useState } from 'preact/hooks';
import { checkFieldsMessage, withoutErrorOf } from '@/features/staff/shell/field-names';
import { useLeaveGuard } from '@/features/staff/shell/use-leave-guard';
import { ApiError } from '@/lib/api-client';
import type { CompanyDetailsForm, StaffCompanyDetailsBody } from '@/lib/api-types';
import { toast } from '@/lib/toast';
import { settingsApi } from './settings-api';
import { type Errors, fieldId, type SetDetail } from './settings-field';

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

/**
 * The company's details as stored, the form editing them, and saving it whole: on field
 * errors the first field in error gets the focus. Leaving with changes not saved asks first.
 */
export function useSettingsForm() {
  const [loaded, setLoaded] = useState<StaffCompanyDetailsBody | null>(null);
  const [form, setForm] = useState<CompanyDetailsForm | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState('');

  useEffect(() => {
    settingsApi.read().then(
      (body) => {
        setLoaded(body);
        setForm(body.data);
      },
      (error) => setFailed(loadFailure(error)),
    );
  }, []);

  const dirty = useMemo(
    () => form !== null && loaded !== null && JSON.stringify(form) !== JSON.stringify(loaded.data),
    [form, loaded],
  );
  useLeaveGuard(dirty);

  // A changed field's message goes at once: it spoke of what was there before.
  const set: SetDetail = (key, value) => {
    if (form) setForm({ ...form, [key]: value });
    setErrors((was) => withoutErrorOf(was, key));
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!form) return;
    setBusy(true);
    try {
      const saved = await settingsApi.save(form);
      setLoaded(saved);
      setForm(saved.data);
      setErrors({});
      toast.success('Company details saved. The site shows them now.');
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        setErrors(error.errors);
        toast.error(checkFieldsMessage(error.errors, fieldId));
        const first = Object.keys(error.errors)[0] ?? '';
        const target =
          document.getElementById(fieldId(first)) ??
          document.getElementById(fieldId(first.replace(/\[\d+\]$/, ''))) ??
          document.getElementById(`${fieldId(first)}-add`);
        target?.focus();
        target?.scrollIntoView({ block: 'center' });
      } else {
        toast.error(saveFailure(error));
      }
    } finally {
      setBusy(false);
    }
  };

  return { loaded, form, errors, busy, failed, set, submit };
}
