//! `corpsite blog add|update|list|remove|import`: the office publishes from the command line.
//!
//! Each command opens its own connection beside a running server (SQLite's locks order the
//! two); the server notices the change through the blog version counter.

use std::fs;
use std::path::Path;

use rusqlite::Connection;

use crate::cli::args::{BlogCommand, DataDirArg};
use crate::cli::terminal::shown;
use crate::content::media::MediaLibrary;
use crate::content::{self, PreparedPost, PublishError};
use crate::domain::blog_id::BlogId;
use crate::domain::post_file::BodyFormat;
use crate::domain::utc;
use crate::store::{self, blogs};

pub fn run(command: BlogCommand) -> Result<(), PublishError> {
    match command {
        BlogCommand::Add { file, data } => {
            let post = read_post(&file)?;
            let (mut conn, library) = open(&data)?;
            for id in content::add_all(&mut conn, &library, &[post])? {
                println!("{id}");
            }
        }
        BlogCommand::Update { id, file, data } => {
            let id = parse_id(&id)?;
            let post = read_post(&file)?;
            let (mut conn, library) = open(&data)?;
            content::update(&mut conn, &library, &id, &post)?;
            println!("{id}");
        }
        BlogCommand::List { data } => {
            let (conn, _) = open(&data)?;
            for blog in blogs::summaries(&conn)? {
                println!(
                    "{}\t{}\t{}",
                    shown(blog.id.as_str()),
                    shown(&blog.date),
                    shown(&blog.title)
                );
            }
        }
        BlogCommand::Remove { id, data } => {
            let id = parse_id(&id)?;
            let (mut conn, library) = open(&data)?;
            content::remove(&mut conn, &library, &id)?;
            println!("removed {id}");
        }
        BlogCommand::Import { dir, data } => {
            let posts = read_dir_posts(&dir)?;
            let (mut conn, library) = open(&data)?;
            for id in content::add_all(&mut conn, &library, &posts)? {
                println!("{id}");
            }
        }
    }
    Ok(())
}

fn open(data: &DataDirArg) -> Result<(Connection, MediaLibrary), PublishError> {
    let conn = store::open_for_cli(&data.data_dir)?;
    Ok((conn, MediaLibrary::new(&data.data_dir)))
}

fn parse_id(raw: &str) -> Result<BlogId, PublishError> {
    BlogId::parse(raw).ok_or_else(|| PublishError::BadId(raw.to_owned()))
}

/// A post file from disk; the images it names are read relative to its folder.
fn read_post(path: &Path) -> Result<PreparedPost, PublishError> {
    let name = path.display().to_string();
    let bytes = fs::read(path).map_err(|source| PublishError::Read {
        path: name.clone(),
        source,
    })?;
    let text = String::from_utf8(bytes).map_err(|_| PublishError::Read {
        path: name.clone(),
        source: std::io::Error::new(std::io::ErrorKind::InvalidData, "it is not UTF-8 text"),
    })?;
    let folder = path.parent().unwrap_or(Path::new(".")).to_path_buf();
    content::prepare(&name, &text, utc::today(), |relative| {
        fs::read(folder.join(relative))
    })
}

/// Every post file in `dir` (not README), by name. The first bad one stops the import.
fn read_dir_posts(dir: &Path) -> Result<Vec<PreparedPost>, PublishError> {
    let unreadable = |source| PublishError::Read {
        path: dir.display().to_string(),
        source,
    };
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).map_err(unreadable)? {
        let path = entry.map_err(unreadable)?.path();
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if path.is_file()
            && !name.to_ascii_lowercase().starts_with("readme")
            && BodyFormat::from_file_name(&name).is_some()
        {
            files.push(path);
        }
    }
    if files.is_empty() {
        return Err(PublishError::NothingToImport {
            dir: dir.display().to_string(),
        });
    }
    files.sort();
    files.iter().map(|path| read_post(path)).collect()
}
