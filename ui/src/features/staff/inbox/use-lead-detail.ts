import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '@/lib/api-client';
import { inboxApi, type LeadDetail, type LeadStatus, type ListName } from './inbox-api';

/**
 * One item of a list, as the detail panel shows it, and what the office does to it: set its
 * status, add a note, erase it. Every change tells the list (`onChanged`) so it reloads.
 */
export function useLeadDetail(list: ListName, id: string, onClose: () => void, onChanged: () => void) {
  const [detail, setDetail] = useState<LeadDetail | null>(null);
  const [failure, setFailure] = useState('');
  const [note, setNote] = useState('');
  const [status, setStatus] = useState<LeadStatus>('new');
  const [busy, setBusy] = useState(false);
  // Bumped to read the item again after a change made elsewhere (a reader unsubscribed).
  const [version, setVersion] = useState(0);

  useEffect(() => {
    setDetail(null);
    setFailure('');
    inboxApi.item(list, id).then(
      (loaded) => {
        setDetail(loaded);
        setStatus(loaded.data.status);
      },
      (error: unknown) =>
        setFailure(error instanceof ApiError ? error.message : 'This item could not be loaded.'),
    );
  }, [list, id, version]);

  const act = async (action: () => Promise<LeadDetail | null>) => {
    setBusy(true);
    setFailure('');
    try {
      const updated = await action();
      if (updated) {
        setDetail(updated);
        setStatus(updated.data.status);
      }
      onChanged();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'That did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  /** A change made beside the hook (assignment, follow-up): its answer, and the list told. */
  const show = (updated: LeadDetail) => {
    setDetail(updated);
    setStatus(updated.data.status);
    onChanged();
  };

  const saveStatus = () => act(() => inboxApi.setStatus(list, id, status));

  const addNote = () =>
    act(async () => {
      const updated = await inboxApi.addNote(list, id, note);
      setNote('');
      return updated;
    });

  const erase = () => {
    const who = detail?.data.name || detail?.data.email || 'this item';
    if (!window.confirm(`Erase ${who} for good? The record, its notes and any resume are deleted.`)) return;
    act(async () => {
      await inboxApi.erase(list, id);
      onClose();
      return null;
    });
  };

  const reload = () => setVersion((v) => v + 1);

  return {
    detail,
    failure,
    busy,
    status,
    setStatus,
    saveStatus,
    note,
    setNote,
    addNote,
    erase,
    reload,
    show,
  };
}
