//! Schema changes, embedded from `db/migrations/` (refinery). Never edit a shipped file:
//! add a new `V{n}__{what}.sql`.

use rusqlite::Connection;

mod embedded {
    refinery::embed_migrations!("db/migrations");
}

/// Applies the migrations this database has not seen yet; a no-op when it is up to date.
pub fn run_migrations(conn: &mut Connection) -> Result<(), refinery::Error> {
    let report = embedded::migrations::runner()
        .set_abort_divergent(true)
        .set_abort_missing(true)
        .run(conn)?;
    for migration in report.applied_migrations() {
        tracing::info!(
            version = migration.version(),
            name = migration.name(),
            "applied migration"
        );
    }
    Ok(())
}

/// Applies the migrations up to `version` only: a database as an older corpsite left it, for
/// tests of what a later migration does to its rows.
#[cfg(test)]
pub(crate) fn run_migrations_to(
    conn: &mut Connection,
    version: refinery::SchemaVersion,
) -> Result<(), refinery::Error> {
    embedded::migrations::runner()
        .set_target(refinery::Target::Version(version))
        .run(conn)?;
    Ok(())
}

/// The newest migration this binary knows: a database at a higher version was written by a
/// newer corpsite.
pub fn latest_version() -> i64 {
    embedded::migrations::runner()
        .get_migrations()
        .iter()
        .map(|migration| i64::from(migration.version()))
        .max()
        .unwrap_or(0)
}

/// The start-up error is one line: SQLite's message quotes the whole migration's SQL.
pub(super) fn one_line(message: &str, max_chars: usize) -> String {
    let collapsed = message.split_whitespace().collect::<Vec<_>>().join(" ");
    if collapsed.chars().count() <= max_chars {
        return collapsed;
    }
    let cut: String = collapsed.chars().take(max_chars).collect();
    format!("{cut}…")
}
