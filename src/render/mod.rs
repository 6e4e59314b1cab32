//! Server rendering: the site's own React components, built by Vite into one server script
//! (`ui/dist-ssr/server.js`, from `ui/src/app/server-entry.tsx`), run by a pool of embedded
//! JavaScript engines (`engine`), and the finished page put together around index.html
//! (`document`). Nothing here knows warp or SQLite: `http::site::pages` decides what to render and
//! with which data.

pub mod document;
pub mod engine;
pub mod page_defaults;
pub mod shared_markup;
pub mod used_css;

/// The server bundle that build.rs made beside the browser's build.
pub const SERVER_SCRIPT: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/ui/dist-ssr/server.js"
));

/// Vite's manifest of the browser build: which chunks and styles each page loads.
pub const BUILD_MANIFEST: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/ui/dist/.vite/manifest.json"
));
