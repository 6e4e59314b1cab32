//! File descriptors: every connection, read connection, upload and served file needs one.
//! At start the soft limit is raised to the hard limit (what a service manager's
//! `LimitNOFILE` allows), and the connection cap is sized to what is really available, so a
//! flood meets the cap (clients wait in the backlog) before it meets "too many open files".

use crate::platform;

/// Descriptors kept for everything but connections: the database (with its WAL and shared
/// memory) for the writer and each reader, the listener, logs, uploads and media in flight.
fn reserved(readers: usize) -> u64 {
    128 + 3 * readers as u64
}

/// Raises the soft limit as far as allowed and answers the connection cap that fits in it:
/// `configured`, or fewer when the descriptors do not allow that many (logged).
pub fn size_connection_cap(configured: usize, readers: usize) -> usize {
    let limit = match platform::raise_open_files_limit() {
        Ok(limit) => limit,
        Err(err) => {
            tracing::warn!(error = %err, "cannot read the open-files limit; keeping --max-connections");
            return configured;
        }
    };
    let cap = fitting(configured, limit, readers);
    if cap < configured {
        tracing::warn!(
            open_files_limit = limit,
            configured,
            chosen = cap,
            "the open-files limit allows fewer connections than --max-connections; raise LimitNOFILE"
        );
    } else {
        tracing::info!(
            open_files_limit = limit,
            max_connections = cap,
            "connection cap"
        );
    }
    cap
}

fn fitting(configured: usize, open_files: u64, readers: usize) -> usize {
    let room = open_files.saturating_sub(reserved(readers)).max(16);
    configured.min(usize::try_from(room).unwrap_or(usize::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_leaves_room_for_the_database_and_files() {
        assert_eq!(fitting(1024, 65_536, 4), 1024, "plenty: as configured");
        assert_eq!(fitting(1024, 1024, 4), 1024 - 128 - 12, "ulimit -n 1024");
        assert_eq!(fitting(1024, 100, 4), 16, "never below 16");
    }
}
