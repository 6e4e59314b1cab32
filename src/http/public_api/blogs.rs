//! The blog API the site calls; its paths and JSON shapes are a contract, kept exactly:
//!
//! - `GET /api/corp_website/blogs/get?page=&text=` one page of blogs, newest first, or the
//!   best matches of `text`: `{"data":{"datas":[...],"pagination":{total,limit,page,pages}}}`.
//! - `GET /api/corp_website/blogs/get/{id}` one blog: `{"data":{"datas":[blog]}}`, or 404
//!   `{"data":{"datas":[]},"message":"..."}`.
//!
//! The query string is parsed here, leniently: a bad `page` is clamped and odd `text` is
//! made safe, so no query answers an error. List answers are cached per (page, text) until
//! the blog version counter moves; the server's background thread watches the counter
//! (`AppState::blog_version`), so a request never runs SQLite on the async threads to check
//! it, and any process's writes (the command line's included) show within a poll. What is
//! kept (a list page, a search, a found post) is also answered ahead of the filters
//! (`kept`, for `site::front`), by the same look-up and the same reply.

use std::borrow::Cow;
use std::net::IpAddr;
use std::sync::Arc;

use bytes::Bytes;
use serde::Serialize;
use warp::filters::BoxedFilter;
use warp::http::{HeaderMap, HeaderValue, StatusCode};
use warp::reply::Response;
use warp::Filter;

use crate::domain::blog_id::BlogId;
use crate::domain::img_sources::img_sources;
use crate::domain::page::{page_count, requested_page};
use crate::domain::sanitize::{is_media_path, DisplaySanitizer};
use crate::domain::search::SearchText;
use crate::http::plumbing::error::{self, ApiError};
use crate::http::plumbing::filters::get_or_head;
use crate::http::plumbing::rate_limit::ClientLimit;
use crate::http::plumbing::reply::etag_of;
use crate::http::plumbing::reply::{json_bytes, tagged};
use crate::http::plumbing::response_cache::ResponseCache;
use crate::http::state::AppState;
use crate::metrics::{Cache, Metrics};
use crate::store::blogs::{self, BlogRecord};
use crate::store::media_images::{self, ImageRecord};
use crate::store::watch::Reading;
use crate::store::{Db, StoreError};

/// Distinct (page, text) answers kept.
const CACHE_ENTRIES: usize = 512;
/// Posts kept, each as the detail endpoint answers it.
const POST_CACHE_ENTRIES: usize = 256;
const NOT_FOUND_MESSAGE: &str = "We couldn't find the blog based on your search";

/// A JSON answer and its ETag.
pub type Tagged = (HeaderValue, Bytes);

/// The blog API's reads and its cache, shared by the API routes and the server-rendered pages
/// (which embed the very answers the browser would fetch).
pub struct BlogApi {
    db: Arc<Db>,
    page_size: u64,
    sanitizer: DisplaySanitizer,
    cache: ResponseCache<(u64, Option<String>), Tagged>,
    /// Found posts by id, with their tags: sanitizing a body for display is most of a
    /// post's answer.
    posts: ResponseCache<String, Tagged>,
    /// Searches that miss the cache cost an FTS5 query each: a per-client limit.
    search_limit: Arc<ClientLimit>,
    /// The blog version counter (unknown: nothing is cached).
    version: Reading,
}

impl BlogApi {
    pub fn new(
        db: Arc<Db>,
        settings: &crate::settings::Settings,
        version: Reading,
        search_limit: Arc<ClientLimit>,
        metrics: &Metrics,
    ) -> BlogApi {
        BlogApi {
            db,
            page_size: settings.page_size.max(1),
            sanitizer: DisplaySanitizer::new(&settings.media_base),
            cache: ResponseCache::new(CACHE_ENTRIES).counted(metrics.cache(Cache::BlogList)),
            posts: ResponseCache::new(POST_CACHE_ENTRIES).counted(metrics.cache(Cache::BlogPost)),
            version,
            search_limit,
        }
    }

    /// One page of the list (`page` and `text` as the query string has them), as the JSON the
    /// list endpoint answers, with its tag. A search that misses the cache takes a token of
    /// `client`'s limit.
    pub async fn list_json(
        &self,
        client: IpAddr,
        page: Option<&str>,
        text: Option<&str>,
    ) -> Result<Tagged, ApiError> {
        let (key, search) = list_key(page, text);
        let page = key.0;

        // Read before the data, so an answer is never kept under a newer version than its data.
        let version = self.version.get();
        if let Some(body) = version.and_then(|v| self.cache.get(v, &key)) {
            return Ok(body);
        }
        if search.is_some() {
            self.search_limit.check(client)?;
        }
        let limit = self.page_size;
        let (total, page, records) = self
            .db
            .read(move |conn| {
                // One read transaction, so the total and the page agree.
                let snapshot = conn.unchecked_transaction().map_err(StoreError::from)?;
                let total = blogs::count(&snapshot, search.as_ref())?;
                let page = page.clamp(1, page_count(total, limit));
                let records = blogs::list(&snapshot, search.as_ref(), limit, (page - 1) * limit)?;
                Ok((total, page, records))
            })
            .await?;
        // Rendering happens only on a cache miss.
        let body = ListBody {
            data: ListData {
                datas: records
                    .iter()
                    .map(|r| BlogJson::new(r, &self.sanitizer))
                    .collect(),
                pagination: Pagination {
                    total,
                    limit,
                    page,
                    pages: page_count(total, limit),
                },
            },
        };
        let body = Bytes::from(serde_json::to_vec(&body).map_err(ApiError::unexpected)?);
        let answer = (etag_of(&body), body);
        if let Some(version) = version {
            self.cache.put(version, key, answer.clone());
        }
        Ok(answer)
    }

    /// The page of the list that `list_json` would answer, if it is kept at the current
    /// version; None otherwise, without taking a token or counting a miss (`list_json`,
    /// which follows, does both).
    pub fn kept_list(&self, page: Option<&str>, text: Option<&str>) -> Option<Tagged> {
        let (key, _) = list_key(page, text);
        self.cache.hit(self.version.get()?, &key)
    }

    /// One post as the detail endpoint answers it, with its tag; None when no post has the id.
    pub async fn detail_json(&self, id: &str) -> Result<Option<Tagged>, ApiError> {
        let Some(id) = BlogId::parse(id) else {
            return Ok(None);
        };
        // Read before the data, so an answer is never kept under a newer version than its data.
        let version = self.version.get();
        let key = id.as_str().to_owned();
        if let Some(body) = version.and_then(|v| self.posts.get(v, &key)) {
            return Ok(Some(body));
        }
        let found = self
            .db
            .read(move |conn| {
                let Some(record) = blogs::get(conn, &id)? else {
                    return Ok(None);
                };
                // The body's raster images, each once, in order, as far as they are recorded.
                let mut images: Vec<ImageRecord> = Vec::new();
                for src in img_sources(&record.content) {
                    if is_media_path(&src) && !images.iter().any(|image| image.path == src) {
                        images.extend(media_images::get(conn, &src)?);
                    }
                }
                Ok(Some((record, images)))
            })
            .await?;
        let Some((record, images)) = found else {
            return Ok(None);
        };
        let body = DetailBody {
            data: DetailData {
                datas: vec![BlogJson::new(&record, &self.sanitizer).with_content_images(&images)],
            },
            message: None,
        };
        let bytes = Bytes::from(serde_json::to_vec(&body).map_err(ApiError::unexpected)?);
        let answer = (etag_of(&bytes), bytes);
        // Only posts that exist are kept: any id could be asked for.
        if let Some(version) = version {
            self.posts.put(version, key, answer.clone());
        }
        Ok(Some(answer))
    }

    /// The post that `detail_json` would answer, if it is kept at the current version;
    /// None otherwise, counting no miss. Only found posts are kept, under their parsed id, so
    /// `id` is looked up as it is.
    pub fn kept_post(&self, id: &str) -> Option<Tagged> {
        self.posts.hit(self.version.get()?, id)
    }

    /// The newest `count` posts, for the feed.
    pub async fn newest(&self, count: u64) -> Result<Vec<BlogRecord>, ApiError> {
        Ok(self
            .db
            .read(move |conn| blogs::list(conn, None, count, 0))
            .await?)
    }

    /// Every post's id, date and title, newest first, for the sitemap.
    pub async fn summaries(&self) -> Result<Vec<blogs::BlogSummary>, ApiError> {
        Ok(self.db.read(blogs::summaries).await?)
    }

    /// The blog version counter the answers belong to (None: unknown).
    pub fn version(&self) -> Option<i64> {
        self.version.get()
    }
}

/// The cache key of a list query (the page asked for, the search's canonical words), and its
/// search.
fn list_key(page: Option<&str>, text: Option<&str>) -> ((u64, Option<String>), Option<SearchText>) {
    let search = text.and_then(SearchText::parse);
    let key = (
        requested_page(page),
        search.as_ref().map(|s| s.key().to_owned()),
    );
    (key, search)
}

/// The path of the list; a post's is below it (`/{id}`).
const LIST_PATH: &str = "/api/corp_website/blogs/get";

/// The answer of `routes` to a GET or HEAD of `path?query` when the blog API keeps it (a page
/// of the list or a search, or a post, at the current version); None when it does not, and
/// `routes` is to answer. `front::Front` answers with it ahead of the filters.
pub fn kept(api: &BlogApi, path: &str, query: &str, request: &HeaderMap) -> Option<Response> {
    let rest = path.strip_prefix(LIST_PATH)?;
    let (etag, body) = if rest.is_empty() {
        let (page, text) = list_query(query);
        api.kept_list(page.as_deref(), text.as_deref())?
    } else {
        let id = rest.strip_prefix('/').filter(|id| !id.contains('/'))?;
        api.kept_post(id)?
    };
    Some(found(&body, &etag, request))
}

pub fn routes(state: &AppState) -> BoxedFilter<(Response,)> {
    let api = Arc::clone(&state.blogs);
    let with_api = warp::any().map(move || Arc::clone(&api));
    let raw_query = crate::http::plumbing::filters::raw_query();

    let list = warp::path!("corp_website" / "blogs" / "get")
        .and(get_or_head())
        .and(with_api.clone())
        .and(state.client())
        .and(raw_query)
        .and(warp::header::headers_cloned())
        .then(|api, client, query, headers| async move {
            error::reply(list(api, client, query, headers).await)
        });
    let detail = warp::path!("corp_website" / "blogs" / "get" / String)
        .and(get_or_head())
        .and(with_api)
        .and(warp::header::headers_cloned())
        .then(|id, api, headers| async move { error::reply(detail(id, api, headers).await) });
    list.or(detail).unify().boxed()
}

async fn list(
    api: Arc<BlogApi>,
    client: IpAddr,
    query: String,
    request: HeaderMap,
) -> Result<Response, ApiError> {
    let (page, text) = list_query(&query);
    let (etag, body) = api
        .list_json(client, page.as_deref(), text.as_deref())
        .await?;
    Ok(found(&body, &etag, &request))
}

/// The list's `page` and `text` in a query string: the first of each, any other key ignored.
fn list_query(query: &str) -> (Option<Cow<'_, str>>, Option<Cow<'_, str>>) {
    let mut page = None;
    let mut text = None;
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        match key.as_ref() {
            "page" if page.is_none() => page = Some(value),
            "text" if text.is_none() => text = Some(value),
            _ => {}
        }
    }
    (page, text)
}

async fn detail(id: String, api: Arc<BlogApi>, request: HeaderMap) -> Result<Response, ApiError> {
    Ok(match api.detail_json(&id).await? {
        Some((etag, body)) => found(&body, &etag, &request),
        None => not_found(),
    })
}

/// A list page or a post, 200 with its tag (304 when the client has it).
fn found(body: &Bytes, etag: &HeaderValue, request: &HeaderMap) -> Response {
    tagged(StatusCode::OK, JSON, body, etag, request)
}

const JSON: &str = "application/json";

fn not_found() -> Response {
    let body = DetailBody {
        data: DetailData { datas: Vec::new() },
        message: Some(NOT_FOUND_MESSAGE),
    };
    match serde_json::to_vec(&body) {
        Ok(bytes) => json_bytes(StatusCode::NOT_FOUND, Bytes::from(bytes)),
        Err(err) => ApiError::unexpected(err).into_response(),
    }
}

// The JSON shapes of this API. The UI's TypeScript types are generated from them
// (`http::public_api::generated_ui`), so these are the one definition of the contract.

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = BlogListBody)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "BlogListBody"))]
pub(crate) struct ListBody<'a> {
    data: ListData<'a>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = BlogListData)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "BlogListData"))]
pub(crate) struct ListData<'a> {
    datas: Vec<BlogJson<'a>>,
    pagination: Pagination,
}

#[derive(Serialize, utoipa::ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct Pagination {
    total: u64,
    limit: u64,
    page: u64,
    pages: u64,
}

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = BlogDetailBody)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "BlogDetailBody"))]
pub(crate) struct DetailBody<'a> {
    data: DetailData<'a>,
    /// Only when no blog has the id (404).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    message: Option<&'a str>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = BlogDetailData)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "BlogDetailData"))]
pub(crate) struct DetailData<'a> {
    datas: Vec<BlogJson<'a>>,
}

/// A blog under the exact field names the site reads (`_id`, `min_read`, `written_by`...).
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = Blog, description = "One blog post.")]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "Blog"))]
pub(crate) struct BlogJson<'a> {
    /// A stable slug of the title.
    #[serde(rename = "_id")]
    id: &'a str,
    title: &'a str,
    motive: &'a str,
    /// HTML, sanitized by the server when written and again when read.
    content: String,
    /// A path under the media base (`<meta name="corpsite:media-base">`); null without a cover.
    blog_image: Option<&'a str>,
    /// ISO 8601, midnight UTC of the post's day.
    date: String,
    /// For example "4 min read".
    min_read: &'a str,
    /// `#rrggbb`
    color: &'a str,
    tags: Vec<TagJson<'a>>,
    written_by: Option<AuthorJson<'a>>,
    /// Added to the fields above: the size and the renditions of `blog_image` (for `srcset`),
    /// or null when it has none recorded (an SVG, or no image).
    blog_image_set: Option<ImageSetJson<'a>>,
    /// Added: the size and renditions of each raster image `content` shows (an `<img>` whose
    /// `src` is a path under the media base), for `srcset`. Empty in lists (no `content`).
    content_images: Vec<ContentImageJson<'a>>,
}

/// A raster image of a post's body: its path under the media base and its renditions.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = ContentImage)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "ContentImage"))]
pub(crate) struct ContentImageJson<'a> {
    /// As the stored body names it (`blogs/3f9a0c1d2e3f4a5b.jpg`); `content` shows it under
    /// the media base.
    path: &'a str,
    set: ImageSetJson<'a>,
}

/// A raster image's size and the files it is stored as, for `srcset`.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = ImageSet)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "ImageSet"))]
pub(crate) struct ImageSetJson<'a> {
    /// Pixels of the image the path names (its widest rendition).
    width: u32,
    height: u32,
    /// Every rendition, narrowest first: WebP and a JPEG or PNG fallback at each width.
    sources: Vec<ImageSourceJson<'a>>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = ImageSource)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "ImageSource"))]
pub(crate) struct ImageSourceJson<'a> {
    /// A path under the media base.
    path: &'a str,
    /// Pixels wide (the `w` of a srcset).
    width: u32,
    /// `image/webp`, `image/jpeg` or `image/png`.
    #[serde(rename = "type")]
    #[cfg_attr(test, ts(rename = "type"))]
    mime: &'a str,
}

impl<'a> ImageSetJson<'a> {
    fn new(record: &'a ImageRecord) -> ImageSetJson<'a> {
        ImageSetJson {
            width: record.width,
            height: record.height,
            sources: record
                .renditions
                .iter()
                .map(|r| ImageSourceJson {
                    path: &r.path,
                    width: r.width,
                    mime: &r.mime,
                })
                .collect(),
        }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = BlogTag)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "BlogTag"))]
pub(crate) struct TagJson<'a> {
    name: &'a str,
}

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = BlogAuthor)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "BlogAuthor"))]
pub(crate) struct AuthorJson<'a> {
    name: &'a str,
    /// A path under the media base, like `blog_image`.
    profile_photo: Option<&'a str>,
    /// Added: the size and renditions of `profile_photo`, like `blog_image_set`.
    profile_photo_set: Option<ImageSetJson<'a>>,
}

impl<'a> BlogJson<'a> {
    fn new(record: &'a BlogRecord, sanitizer: &DisplaySanitizer) -> BlogJson<'a> {
        BlogJson {
            id: record.id.as_str(),
            title: &record.title,
            motive: &record.motive,
            // Stored clean; cleaned again in case a row was written around the publisher.
            content: sanitizer.clean(&record.content),
            blog_image: record.blog_image.as_deref(),
            date: format!("{}T00:00:00.000Z", record.date),
            min_read: &record.min_read,
            color: &record.color,
            tags: record.tags.iter().map(|name| TagJson { name }).collect(),
            written_by: record.author.as_ref().map(|a| AuthorJson {
                name: &a.name,
                profile_photo: a.profile_photo.as_deref(),
                profile_photo_set: record.profile_photo_set.as_ref().map(ImageSetJson::new),
            }),
            blog_image_set: record.blog_image_set.as_ref().map(ImageSetJson::new),
            content_images: Vec::new(),
        }
    }

    /// With the renditions of the body's raster images (the detail answer).
    fn with_content_images(mut self, images: &'a [ImageRecord]) -> BlogJson<'a> {
        self.content_images = images
            .iter()
            .map(|image| ContentImageJson {
                path: &image.path,
                set: ImageSetJson::new(image),
            })
            .collect();
        self
    }
}
