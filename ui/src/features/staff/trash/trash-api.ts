import { staffApi } from '@/lib/staff-client';
import {
  eraseFromTrash,
  restoreFromTrash,
  retention,
  setRetention,
  setTrashDays,
  trash,
} from '@/lib/staff-endpoints';
import type { RetentionForm, TrashItem } from '@/lib/staff-types';

export type { RetentionBody, RetentionRule, TrashBody, TrashItem } from '@/lib/staff-types';

/** The trash: what the inbox's erases and the stories' deletions put there. */
export const trashApi = {
  list: () => staffApi.send(trash()),
  /** Back where it was, exactly. */
  restore: (kind: TrashItem['kind'], id: string) => staffApi.send(restoreFromTrash(kind, id)),
  /** Gone for good now, with its files. */
  erase: (kind: TrashItem['kind'], id: string) => staffApi.send(eraseFromTrash(kind, id)),
  setDays: (days: number) => staffApi.send(setTrashDays(), { json: { days } }),
  /** How long each list keeps a lead once its purpose is served (owners). */
  retention: () => staffApi.send(retention()),
  setRetention: (months: RetentionForm['months']) => staffApi.send(setRetention(), { json: { months } }),
};
