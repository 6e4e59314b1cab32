import { useEffect, useRef } from 'preact/hooks';
import { Link } from '@/components/site-link';
import { UndoOffer } from '@/features/staff/shell/undo-offer';
import type { ListName } from './inbox-api';
import { LeadAssignForm } from './lead-assign-form';
import { LeadFields, ResumeLinks } from './lead-fields';
import { LeadNotes } from './lead-notes';
import { LeadReplies } from './lead-replies';
import { LeadReplyForm } from './lead-reply-form';
import { LeadSourceFields } from './lead-source';
import { LeadStatusForm } from './lead-status-form';
import { ReaderActions } from './reader-actions';
import { useLeadDetail } from './use-lead-detail';

interface Props {
  list: ListName;
  id: string;
  onClose: () => void;
  onChanged: () => void;
}

/** The item chosen in a list: its fields, status and notes; focus moves to its name on opening. */
export function LeadDetailPanel({ list, id, onClose, onChanged }: Props) {
  const lead = useLeadDetail(list, id, onClose, onChanged);
  const { detail, failure, busy } = lead;
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (detail) heading.current?.focus();
  }, [detail?.data._id, lead.erased]);

  if (!detail) {
    return (
      <section class="staff-panel lead-detail" aria-label="Selected item">
        {failure ? (
          <p class="staff-alert" role="alert">
            {failure}
          </p>
        ) : (
          <p role="status">Loading…</p>
        )}
      </section>
    );
  }

  if (lead.erased) {
    return (
      <section class="staff-panel lead-detail" aria-labelledby="lead-detail-title">
        <div class="lead-detail__head">
          <h2 id="lead-detail-title" ref={heading} tabIndex={-1}>
            In the trash
          </h2>
          <button type="button" class="staff-button lead-detail__close" onClick={onClose}>
            Close
          </button>
        </div>
        {failure && (
          <p class="staff-alert" role="alert">
            {failure}
          </p>
        )}
        <p role="status" class="lead-detail__trashed">
          {lead.erased.who} was moved to the trash. <Link to="/staff/trash">Open the trash</Link> to restore
          it later. <UndoOffer offer={lead.erased} onUndo={lead.restore} />
        </p>
      </section>
    );
  }

  const item = detail.data;
  return (
    <section class="staff-panel lead-detail" aria-labelledby="lead-detail-title">
      {/* On a phone the item takes the list's place: this is the way back (wide screens show both). */}
      <button type="button" class="staff-button lead-detail__back" onClick={onClose}>
        ← Back to the list
      </button>
      <div class="lead-detail__head">
        <h2 id="lead-detail-title" ref={heading} tabIndex={-1}>
          {item.name || item.email}
        </h2>
        <button type="button" class="staff-button lead-detail__close" onClick={onClose}>
          Close
        </button>
      </div>
      {failure && (
        <p class="staff-alert" role="alert">
          {failure}
        </p>
      )}
      <LeadFields lead={item} />
      {list === 'applicants' && <ResumeLinks id={item._id} type={item.resume_type} />}
      <LeadSourceFields source={detail.source} />
      <LeadStatusForm
        list={list}
        lead={item}
        moves={detail.moves}
        status={lead.status}
        busy={busy}
        onStatus={lead.setStatus}
        onSave={lead.saveStatus}
        undo={lead.statusUndo}
        onUndo={lead.undoStatus}
      />
      <LeadAssignForm list={list} lead={item} onSaved={lead.show} />
      {detail.reply_subject !== null && (
        <>
          <LeadReplies
            replies={detail.replies}
            receivedAt={item.created_at}
            firstReplyAt={detail.first_reply_at}
          />
          <LeadReplyForm
            key={item._id}
            list={list}
            detail={detail}
            onSent={lead.replied}
            onCollided={lead.refresh}
          />
        </>
      )}
      <LeadNotes
        notes={detail.notes}
        note={lead.note}
        busy={busy}
        onNote={lead.setNote}
        onAdd={lead.addNote}
      />
      {list === 'subscribers' && (
        <ReaderActions
          lead={item}
          onChanged={() => {
            lead.reload();
            onChanged();
          }}
        />
      )}
      <div class="lead-detail__erase">
        <button type="button" class="staff-button staff-button--danger" onClick={lead.erase} disabled={busy}>
          Erase
        </button>
        <button
          type="button"
          class="staff-button staff-button--danger"
          onClick={lead.eraseForPrivacy}
          disabled={busy}
        >
          Erase for privacy…
        </button>
      </div>
    </section>
  );
}
