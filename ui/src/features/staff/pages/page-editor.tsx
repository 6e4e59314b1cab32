import { useEffect, useRef } from 'preact/hooks';
import { Link } from '@/components/site-link';
import { AutosaveStatus } from '@/features/staff/shell/autosave-status';
import { described, Field } from '@/features/staff/shell/labelled-field';
import { RevisionHistory } from '@/features/staff/shell/revision-history';
import { formatTime, zoneName } from '@/features/staff/shell/staff-format';
import { EditorAlert } from '@/features/staff/shell/staff-parts';
import { FieldInput } from './page-field-input';
import { PagePreview } from './page-preview';
import { defaultText, fieldId, same, stateLabels } from './page-values';
import type { Page, PageField, PageFields } from './pages-api';
import { pagesApi } from './pages-api';
import { usePageDraft } from './use-page-draft';

/** Where the page stands: its state, who saved and published it last. */
function PageStatus({ page }: { page: Page }) {
  return (
    <>
      <span class={`status-badge editor-state--${page.state}`}>
        {page.state === 'scheduled' && page.publish_at
          ? `Scheduled for ${formatTime(page.publish_at)}`
          : stateLabels[page.state]}
      </span>
      {page.updated_at && (
        <span class="staff-editor__saved">
          Draft saved {formatTime(page.updated_at)}
          {page.updated_by ? ` by ${page.updated_by}` : ''}
        </span>
      )}
      {page.published_at && (
        <span class="staff-editor__saved">
          Published {formatTime(page.published_at)}
          {page.published_by ? ` by ${page.published_by}` : ''}
        </span>
      )}
    </>
  );
}

/** A save of the history as a list of what it held, field by field. */
function RevisionFields({ page, fields }: { page: Page; fields: PageFields }) {
  const changed = page.schema.fields.filter((field) => field.path in fields);
  if (changed.length === 0) return <p>Every field at its default.</p>;
  return (
    <dl class="page-revision">
      {changed.map((field) => (
        <div key={field.path}>
          <dt>{field.label}</dt>
          <dd>{defaultText(field, fields[field.path])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The text of a default as a line under its field (HTML read as text). */
function asText(field: PageField, value: unknown): string {
  const text = defaultText(field, value);
  if (field.kind !== 'paragraphs') return text;
  return new DOMParser().parseFromString(text, 'text/html').body.textContent ?? text;
}

/**
 * `/staff/pages/:key`: a page's fields, one control each by kind, each with its default and
 * the way back to it, beside the server's preview of the saved draft; the draft saves
 * itself, is published now or at a time, and every save is in the page's history.
 */
export function PageEditor({ pageKey }: { pageKey: string }) {
  const draft = usePageDraft(pageKey);
  const { page, values, errors, alert, busy } = draft;
  const alertBox = useRef<HTMLDivElement>(null);
  // Where the status line does not stay in view (a phone), a new failure is brought there.
  useEffect(() => {
    if (alert) alertBox.current?.scrollIntoView({ block: 'nearest' });
  }, [alert]);

  if (!page) {
    return alert ? (
      <p class="staff-alert" role="alert">
        {alert} <Link to="/staff/pages">Back to the pages</Link>
      </p>
    ) : (
      <p role="status">Loading…</p>
    );
  }

  const focusField = (path: string) => {
    const control = document.getElementById(fieldId(path));
    if (!control) return;
    control.scrollIntoView({ block: 'center' });
    control.focus();
  };

  return (
    <div class="staff-editor page-editor">
      <p class="staff-editor__back">
        <Link to="/staff/pages">← All pages</Link>
      </p>
      <section class="staff-editor__status" aria-label="Where the page stands">
        <h2 class="page-editor__title">{page.schema.title}</h2>
        <PageStatus page={page} />
        <AutosaveStatus phase={draft.autosave} dirty={draft.dirty} autosaving={!draft.conflict} />
        {page.schema.route && (
          <a href={page.schema.route} target="_blank" rel="noopener">
            View on the site<span class="visually-hidden"> (opens a new tab)</span>
          </a>
        )}
        {/* In the line that stays in view: a save refused at the foot of the form is seen. */}
        <div class="page-editor__alert" ref={alertBox}>
          <EditorAlert message={alert} conflict={draft.conflict} onReload={draft.load} />
        </div>
      </section>
      <div class="staff-editor__panes">
        <form
          class="staff-editor__form"
          aria-label={page.schema.title}
          onSubmit={(event) => {
            event.preventDefault();
            void draft.saveNow();
          }}
        >
          {page.schema.fields.map((field) => {
            const atDefault = same(values[field.path], page.defaults[field.path]);
            return (
              <div key={field.path} class="page-field">
                <FieldInput
                  field={field}
                  at={field.path}
                  value={values[field.path]}
                  onChange={(next) => draft.set(field.path, next)}
                  errors={errors}
                />
                <div class="page-field__default">
                  <span class="page-field__default-text">
                    Default: {asText(field, page.defaults[field.path])}
                  </span>
                  {!atDefault && (
                    <button
                      type="button"
                      class="staff-button"
                      disabled={busy}
                      aria-label={`Back to the default: ${field.label}`}
                      onClick={() => draft.reset(field.path)}
                    >
                      Back to the default
                    </button>
                  )}
                </div>
              </div>
            );
          })}
          <fieldset class="staff-editor__publish">
            <legend>Publishing</legend>
            <Field
              id="page-publish-at"
              label={`Go public at (office time, ${zoneName(new Date())})`}
              error={errors.publish_at}
            >
              <input
                {...described('page-publish-at', errors.publish_at)}
                type="datetime-local"
                value={draft.scheduleAt}
                onInput={(event) => draft.setScheduleAt(event.currentTarget.value)}
              />
            </Field>
            <div class="staff-editor__actions">
              <button type="submit" class="staff-button" disabled={busy || draft.conflict}>
                Save draft
              </button>
              <button
                type="button"
                class="staff-button"
                disabled={busy || draft.conflict}
                onClick={() => draft.publish('scheduled')}
              >
                Schedule
              </button>
              <button
                type="button"
                class="staff-button staff-button--primary"
                disabled={busy || draft.conflict}
                onClick={() => draft.publish('now')}
              >
                Publish now
              </button>
            </div>
          </fieldset>
          <RevisionHistory
            key={pageKey}
            revision={page.revision}
            dirty={draft.dirty}
            list={() => pagesApi.revisions(pageKey)}
            facts={(line) => line.action}
            open={(number) => pagesApi.revision(pageKey, number)}
            render={(shown) => <RevisionFields page={page} fields={shown.fields} />}
            restore={(number, at) => pagesApi.restore(pageKey, number, at)}
            onRestored={draft.load}
            what="the draft"
          />
        </form>
        <PagePreview pageKey={pageKey} title={page.schema.title} version={draft.saves} onField={focusField} />
      </div>
    </div>
  );
}
