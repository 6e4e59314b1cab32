//! The subcommands other than `serve`.

pub mod blog;
