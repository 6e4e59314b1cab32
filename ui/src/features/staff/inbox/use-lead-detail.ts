import { useEffect, useRef, useState } from 'preact/hooks';
import { apiMessageOr } from '@/features/staff/shell/failure';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import { undoBulk } from './bulk-api';
import { inboxApi, type LeadDetail, type LeadStatus, type ListName } from './inbox-api';
import type { ReplySent } from './replies-api';

/**
 * One item of a list, as the detail panel shows it, and what the office does to it: set its
 * status, add a note, move it to the trash (and back), erase the person for privacy. Every
 * change tells the list (`onChanged`) so it reloads.
 */
export function useLeadDetail(list: ListName, id: string, onClose: () => void, onChanged: () => void) {
  // Bumped to read the item again after a change made elsewhere (a reader unsubscribed).
  const [version, setVersion] = useState(0);
  const item = useStaffLoad(
    () => inboxApi.item(list, id),
    [list, id, version],
    apiMessageOr('This item could not be loaded.'),
    { fresh: true },
  );
  const detail = item.data;
  const [note, setNote] = useState('');
  const [status, setStatus] = useState<LeadStatus>('new');

  // The form's status starts as the item's, each time the item is read or changed.
  useEffect(() => {
    if (detail) setStatus(detail.data.status);
  }, [detail]);

  const act = useStaffForm({
    send: (action: () => Promise<LeadDetail | null>) => action(),
    done: (updated) => {
      if (updated) item.setData(updated);
      onChanged();
    },
    failure: apiMessageOr('That did not work. Please try again.'),
  });

  // Another item, or the same read again: what a change said was of the item before.
  useEffect(() => act.clear(), [list, id, version]);

  /** A change made beside the hook (assignment, follow-up): its answer, and the list told. */
  const show = (updated: LeadDetail) => {
    item.setData(updated);
    onChanged();
  };

  // The last status change made here, which "Undo" takes back (for 10 seconds): the
  // server puts the status, who set it and when back as they were.
  const [statusUndo, setStatusUndo] = useState<{ token: string } | null>(null);
  useEffect(() => setStatusUndo(null), [list, id]);

  const saveStatus = () =>
    act.run(async () => {
      const updated = await inboxApi.setStatus(list, id, status);
      setStatusUndo(updated.undo ? { token: updated.undo } : null);
      return updated;
    });

  const undoStatus = () => {
    const token = statusUndo?.token;
    setStatusUndo(null);
    if (token)
      act.run(async () => {
        await undoBulk(list, token);
        return inboxApi.item(list, id);
      });
  };

  const addNote = () =>
    act.run(async () => {
      const updated = await inboxApi.addNote(list, id, note);
      setNote('');
      return updated;
    });

  // The item this panel moved to the trash, which "Undo" brings back (for 10 seconds here;
  // from the trash's screen until it is erased for good).
  const [erased, setErased] = useState<{ who: string } | null>(null);
  useEffect(() => setErased(null), [list, id]);
  const who = detail?.data.name || detail?.data.email || 'this item';

  const erase = () => {
    if (
      !window.confirm(
        `Move ${who} to the trash? The record, its notes, replies and any resume are kept there until restored or erased for good.`,
      )
    )
      return;
    act.run(async () => {
      await inboxApi.erase(list, id);
      setErased({ who });
      return null;
    });
  };

  const restore = () =>
    act.run(async () => {
      await inboxApi.restore(list, id);
      setErased(null);
      return inboxApi.item(list, id);
    });

  const eraseForPrivacy = () => {
    const address = detail?.data.email ?? '';
    if (
      !window.confirm(
        `Erase every record of ${address} for good, in every list and in the trash? Do this when the person asked to be erased: it cannot be undone, and no backup restored later brings them back.`,
      )
    )
      return;
    act.run(async () => {
      await inboxApi.eraseForPrivacy(list, id);
      onClose();
      return null;
    });
  };

  const reload = () => setVersion((v) => v + 1);

  // A reply still queued is read again every 2 s, a minute at most, so its delivery shows
  // (sent with the relay's answer, or failed) without a reload.
  const looks = useRef(0);
  useEffect(() => {
    looks.current = 0;
  }, [list, id]);
  useEffect(() => {
    if (!detail?.replies.some((r) => r.delivery === 'queued') || looks.current >= 30) return;
    const timer = window.setTimeout(() => {
      looks.current += 1;
      void item.reload();
    }, 2000);
    return () => window.clearTimeout(timer);
  }, [detail]);

  /** The item read again where it is shown (what is typed beside it stays). */
  const refresh = () => void item.reload();

  /** A reply was written: it joins the item's replies, and the list is told. */
  const replied = (sent: ReplySent) => {
    if (detail) {
      item.setData({
        ...detail,
        replies: [...detail.replies, sent.reply],
        first_reply_at: sent.first_reply_at,
      });
    }
    refresh();
    onChanged();
  };

  return {
    detail,
    failure: item.error || act.error,
    busy: act.busy,
    status,
    setStatus,
    saveStatus,
    statusUndo,
    undoStatus,
    note,
    setNote,
    addNote,
    erase,
    erased,
    restore,
    eraseForPrivacy,
    reload,
    refresh,
    replied,
    show,
  };
}
