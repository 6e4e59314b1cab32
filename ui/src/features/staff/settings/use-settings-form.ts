import { useEffect, useState } from 'preact/hooks';
import { checkFieldsMessage, withoutErrorOf } from '@/features/staff/shell/field-names';
import { ApiError } from '@/lib/api-client';
import type { SettingsBody, SiteDetailsForm } from '@/lib/api-types';
import { toast } from '@/lib/toast';
import { settingsApi } from './settings-api';
import { type Errors, fieldId, type SetDetail } from './settings-field';

/**
 * The company's details as stored, the form editing them, and saving it whole: on field
 * errors the first field in error gets the focus.
 */
export function useSettingsForm() {
  const [loaded, setLoaded] = useState<SettingsBody | null>(null);
  const [form, setForm] = useState<SiteDetailsForm | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    settingsApi.read().then(
      (body) => {
        setLoaded(body);
        setForm(body.data);
      },
      () => setFailed(true),
    );
  }, []);

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
        toast.error('The details could not be saved. Nothing was lost: please try again.');
      }
    } finally {
      setBusy(false);
    }
  };

  return { loaded, form, errors, busy, failed, set, submit };
}
