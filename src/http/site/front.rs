//! The short way from the socket to what the server keeps. A GET or HEAD of a kept answer is
//! answered here, before warp's filters run, with the very answer they would give, made by
//! the functions they call:
//!
//! - a hashed file of the build (`/assets/...`): `assets::built_file`;
//! - a media file (`/media/...`): `MediaFiles::file`, as the media route answers it;
//! - a page of the blog list or a search, or a post, that the blog API keeps at the current
//!   version: `blogs::kept` (the look-ups `list_json` and `detail_json` make first);
//! - a page kept rendered: `Pages::kept` (the look-up `Pages::answer` makes first), for the
//!   request's origin (`site_url::OriginRule`, as the filters work it out).
//!
//! Each goes out the same way (`Finish`: security headers, privacy, log line, metrics).
//! Everything else goes on to `http::routes` untouched: a page's or a list's first request,
//! a search the cache does not hold (and its rate limit), a missing file, any error.
//!
//! These are the site's most frequent answers, and the filters' work around them (copies of
//! the request's headers, a boxed future per filter, the routes tried before theirs) cost
//! more than the answers themselves. `bench/front.sh` measures the difference against nginx.

use std::cell::RefCell;
use std::sync::Arc;
use std::time::Instant;

use warp::http::{HeaderMap, Method, Request};
use warp::reply::Response;

use crate::http::plumbing::finish::Finish;
use crate::http::plumbing::marks::{ClientAddr, OverTls};
use crate::http::plumbing::site_url::OriginRule;
use crate::http::public_api::blog_cache::BlogApi;
use crate::http::public_api::blogs;
use crate::http::site::assets;
use crate::http::site::media::MediaFiles;
use crate::http::site::pages::Pages;
use crate::http::state::AppState;

thread_local! {
    /// The request's origin, written here for the look-up: a buffer per thread, reused.
    static ORIGIN: RefCell<String> = const { RefCell::new(String::new()) };
}

pub struct Front {
    pages: Arc<Pages>,
    blogs: Arc<BlogApi>,
    media: Arc<MediaFiles>,
    origin: OriginRule,
    finish: Finish,
}

impl Front {
    pub fn new(state: &AppState) -> Front {
        Front {
            pages: Arc::clone(&state.pages),
            blogs: Arc::clone(&state.blogs),
            media: Arc::clone(&state.media),
            origin: OriginRule {
                public_url: state.settings.public_url.clone(),
                trusted: Arc::new(state.settings.trusted_proxies.clone()),
            },
            finish: Finish::new(state),
        }
    }

    /// The answer to `request` if it asks for a kept answer; `None` sends it to the filters.
    /// The listener puts the connection's `ClientAddr` on the request first, as for them.
    pub async fn answer<B: Sync>(&self, request: &Request<B>) -> Option<Response> {
        let started = Instant::now();
        let method = request.method();
        if method != Method::GET && method != Method::HEAD {
            return None;
        }
        let path = request.uri().path();
        let query = request.uri().query().unwrap_or("");
        let headers = request.headers();
        // Each kind by the prefix of its route: no route the filters try first takes these.
        let response = if let Some(file) = path.strip_prefix("/media/") {
            // Read from disk (off the async threads) as the media route reads it.
            self.media.file(file, headers).await?
        } else if path.starts_with("/assets/") {
            assets::built_file(path, headers)?
        } else if path.starts_with("/api/") {
            blogs::kept(&self.blogs, path, query, headers)?
        } else {
            self.page(request, path, query, headers)?
        };
        let response = self.finish.headers(path, response);
        self.finish
            .record(method, path, response.status(), started.elapsed());
        Some(response)
    }

    /// A page kept rendered for the request's origin.
    fn page<B>(
        &self,
        request: &Request<B>,
        path: &str,
        query: &str,
        headers: &HeaderMap,
    ) -> Option<Response> {
        let peer = request.extensions().get::<ClientAddr>().copied();
        let tls = request.extensions().get::<OverTls>().is_some();
        ORIGIN.with_borrow_mut(|origin| {
            self.origin.write(peer, tls, headers, origin);
            self.pages.kept(path, query, origin, headers)
        })
    }
}
