import { ApiError } from '@/lib/api-client';
import { focusOnceEnabled } from '@/lib/focus-return';
import { staffApi } from '@/lib/staff-client';
import { confirmItIsYou } from '@/lib/staff-endpoints';
import type { Confirmation } from '@/lib/staff-types';

/**
 * Asks the person to give their password (or a code) again, and resolves `true` once the
 * server has it: the account screen's `ConfirmDialog` while it is shown.
 */
export type AskToConfirm = () => Promise<boolean>;

let asker: AskToConfirm | null = null;

/** The dialog that asks from now on (`null`: none is shown, nothing is asked). */
export function askToConfirmWith(ask: AskToConfirm | null) {
  asker = ask;
}

/**
 * Runs a change of one's second factors. The server refuses one (403) unless this session gave
 * its password or a factor in the last 5 minutes: then the dialog asks for one, and the change
 * runs once more. Cancelled, the refusal stands. Either way the focus goes back to the button
 * that asked for the change once it is no longer busy: it was disabled while the dialog was
 * open, so the dialog could not give it back.
 */
export async function confirmed<T>(change: () => Promise<T>): Promise<T> {
  const opener = document.activeElement;
  try {
    return await change();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 403 && error.fromServer && asker)) throw error;
    const given = await asker();
    if (opener instanceof HTMLElement && opener !== document.body) focusOnceEnabled(opener);
    if (!given) throw error;
    return change();
  }
}

/** `confirmItIsYou`: the password, or a code from the authenticator app. */
export const confirmApi = {
  confirm: (given: Confirmation) => staffApi.send(confirmItIsYou(), { json: given }),
};
