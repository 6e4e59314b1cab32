import { useEffect, useRef } from 'preact/hooks';
import { apiMessageOr } from '@/features/staff/shell/failure';
import { formatCount, formatTime } from '@/features/staff/shell/staff-format';
import { StaffAlert, StaffSection } from '@/features/staff/shell/staff-parts';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import type { BackupSetJson } from '@/lib/staff-types';
import { backupsApi } from './backups-api';

/** How often to look again while a set is being made (ms). */
const WHILE_RUNNING = 1000;

/** A size in words: `4.2 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** `every 24 hours`, `every 90 minutes`. */
export function formatEvery(seconds: number): string {
  const [amount, unit] =
    seconds % 86400 === 0
      ? [seconds / 86400, 'day']
      : seconds % 3600 === 0
        ? [seconds / 3600, 'hour']
        : seconds % 60 === 0
          ? [seconds / 60, 'minute']
          : [seconds, 'second'];
  return amount === 1 ? `every ${unit}` : `every ${amount} ${unit}s`;
}

/** Where a set is, in words. */
export function whereSetIs(set: BackupSetJson, bucket: boolean): string {
  if (!set.here) return 'In the bucket only';
  if (!bucket) return 'On the server';
  if (set.in_bucket === null) return 'On the server; the bucket not checked yet';
  return set.in_bucket ? 'On the server and in the bucket' : 'On the server; waiting to be uploaded';
}

/**
 * `/staff/backups`: "Back up now", the last sets and where each is, and how the last set and
 * upload went.
 */
export function BackupsScreen() {
  const backups = useStaffLoad(
    backupsApi.status,
    [],
    () => 'The backups could not be loaded. Please reload the page.',
  );
  const status = backups.data;
  const said = useRef<HTMLParagraphElement>(null);
  // When "Back up now" was asked, until the set it started is made or has failed.
  const askedAt = useRef<string | null>(null);
  const backUp = useStaffForm({
    send: () => {
      askedAt.current = new Date(Date.now() - 1000).toISOString();
      return backupsApi.backUpNow();
    },
    done: (next) => {
      backups.setData(next);
      return 'Backing up: the database, the resumes and the media…';
    },
    failure: apiMessageOr('The backup could not be started. Please try again.'),
    failed: () => {
      askedAt.current = null;
    },
  });

  const running = status?.running ?? false;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(backups.reload, WHILE_RUNNING);
    return () => window.clearInterval(timer);
  }, [running]);

  // The set asked for is made, or has failed: say which.
  useEffect(() => {
    if (!status || askedAt.current === null || status.running) return;
    const newest = status.sets.find((set) => set.here);
    const made = status.last_success_at !== null && status.last_success_at >= askedAt.current;
    backUp.setSaid(
      made && newest
        ? `The backup ${newest.name} is made.`
        : `The backup failed: ${status.failure?.reason ?? 'see the server log.'}`,
    );
    askedAt.current = null;
  }, [status]);

  if (!status) return backups.error ? <StaffAlert message={backups.error} /> : <p role="status">Loading…</p>;

  const backUpNow = async () => {
    await backUp.run();
    said.current?.focus();
  };

  const bucket = status.backup_to !== null;
  return (
    <div class="staff-columns backups">
      <StaffSection id="backups-now-title" name="backups-section" title="Back up now">
        <p class="backups-section__intro">
          A whole backup: the database, every resume and every image, as the server makes{' '}
          {status.every_seconds === null ? 'when asked' : formatEvery(status.every_seconds)}. It is kept in{' '}
          <code>{status.backup_dir}</code>
          {bucket && (
            <>
              {' '}
              and uploaded to <code>{status.backup_to}</code>
            </>
          )}
          ; the newest {status.keep} are kept.
        </p>
        <div class="backups-actions">
          <button
            type="button"
            class="staff-button staff-button--primary"
            disabled={backUp.busy || running}
            onClick={backUpNow}
          >
            {running ? 'Backing up…' : 'Back up now'}
          </button>
        </div>
        <p class="backups-said" role="status" ref={said} tabIndex={-1}>
          {backUp.said || backUp.error}
        </p>
        <dl class="backups-facts">
          <div>
            <dt>Last backup</dt>
            <dd>
              {status.last_success_at ? formatTime(status.last_success_at) : 'None since the server started'}
            </dd>
          </div>
          {status.upload && (
            <div>
              <dt>Last upload</dt>
              <dd>
                {status.upload.last_success_at
                  ? formatTime(status.upload.last_success_at)
                  : 'None since the server started'}
              </dd>
            </div>
          )}
        </dl>
        {status.failure && (
          <p class="staff-alert" role="alert">
            The backup of {formatTime(status.failure.at)} failed: {status.failure.reason}
          </p>
        )}
        {status.upload?.failure && (
          <p class="staff-alert" role="alert">
            The upload of {formatTime(status.upload.failure.at)} failed (the sets stay on the server and are
            sent again): {status.upload.failure.reason}
          </p>
        )}
      </StaffSection>
      <StaffSection
        id="backups-sets-title"
        name="backups-section"
        title={`The last backups (${status.sets.length})`}
      >
        {status.sets.length === 0 ? (
          <p class="backups-section__intro">No backup yet.</p>
        ) : (
          <ul class="backups-sets" aria-labelledby="backups-sets-title">
            {status.sets.map((set) => (
              <li class="backups-set" key={set.name}>
                <p class="backups-set__when">
                  <strong>{formatTime(set.created_at)}</strong>{' '}
                  <code class="backups-set__name">{set.name}</code>
                </p>
                <p class="backups-set__where">{whereSetIs(set, bucket)}</p>
                {set.database_bytes !== null && (
                  <p class="backups-set__what">
                    Database {formatBytes(set.database_bytes)} · {formatCount(set.files ?? 0)} resumes and
                    images ({formatBytes(set.file_bytes ?? 0)})
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
        <p class="backups-section__intro">
          To put one back, stop the server and run <code>corpsite restore {status.backup_dir}/NAME</code>
          {bucket && (
            <>
              {' '}
              or <code>corpsite restore {status.backup_to}/NAME</code>
            </>
          )}
          .
        </p>
      </StaffSection>
    </div>
  );
}
