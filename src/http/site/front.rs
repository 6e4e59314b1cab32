//! The short way from the socket to the page cache. A GET or HEAD of a public page that is
//! kept rendered is answered here, before warp's filters run, with the very answer they would
//! give: the same look-up (`Pages::kept`, which `Pages::answer` shares), the same origin
//! (`site_url::OriginRule`) and the same way out (`Finish`: security headers, log line,
//! metrics). Everything else, a page's first request included, goes on to `http::routes`.
//!
//! A kept page is the site's most frequent answer, and the filters' work around it (copies of
//! the request's headers, a boxed future per filter, the routes tried before it) cost more
//! than the answer itself. `bench/pages.sh` measures the difference against nginx.

use std::cell::RefCell;
use std::sync::Arc;
use std::time::Instant;

use warp::http::{Method, Request};
use warp::reply::Response;

use crate::http::plumbing::finish::Finish;
use crate::http::plumbing::site_url::OriginRule;
use crate::http::site::pages::Pages;
use crate::http::state::AppState;
use crate::http::state::ClientAddr;
use crate::http::state::OverTls;

thread_local! {
    /// The request's origin, written here for the look-up: a buffer per thread, reused.
    static ORIGIN: RefCell<String> = const { RefCell::new(String::new()) };
}

pub struct Front {
    pages: Arc<Pages>,
    origin: OriginRule,
    finish: Finish,
}

impl Front {
    pub fn new(state: &AppState) -> Front {
        Front {
            pages: Arc::clone(&state.pages),
            origin: OriginRule {
                public_url: state.settings.public_url.clone(),
                trusted: Arc::new(state.settings.trusted_proxies.clone()),
            },
            finish: Finish::new(state),
        }
    }

    /// The answer to `request` if it asks for a kept page; `None` sends it to the filters.
    /// The listener puts the connection's `ClientAddr` on the request first, as for them.
    pub fn answer<B>(&self, request: &Request<B>) -> Option<Response> {
        let started = Instant::now();
        let method = request.method();
        if method != Method::GET && method != Method::HEAD {
            return None;
        }
        let path = request.uri().path();
        let query = request.uri().query().unwrap_or("");
        let headers = request.headers();
        let peer = request.extensions().get::<ClientAddr>().copied();
        let tls = request.extensions().get::<OverTls>().is_some();
        let response = ORIGIN.with_borrow_mut(|origin| {
            self.origin.write(peer, tls, headers, origin);
            self.pages.kept(path, query, origin, headers)
        })?;
        let response = self.finish.headers(path, response);
        self.finish
            .record(method, path, response.status(), started.elapsed());
        Some(response)
    }
}
