//! The blog API's reads and its cache (`BlogApi`), and the JSON shapes it answers: shared by
//! the API's routes (`blogs`), the server-rendered pages, the feed and the sitemap. List
//! answers are kept per (page, text) and posts per id until the blog version counter moves.

use std::net::IpAddr;
use std::sync::Arc;

use bytes::Bytes;
use serde::Serialize;
use warp::http::HeaderValue;

use crate::domain::blog_id::BlogId;
use crate::domain::img_sources::img_sources;
use crate::domain::page::{page_count, requested_page};
use crate::domain::sanitize::{is_media_path, DisplaySanitizer};
use crate::domain::search::SearchText;
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::rate_limit::ClientLimit;
use crate::http::plumbing::reply::etag_of;
use crate::http::plumbing::response_cache::ResponseCache;
use crate::metrics::{Cache, Metrics};
use crate::store::blogs::{self, BlogRecord};
use crate::store::media_images::{self, ImageRecord};
use crate::store::watch::Reading;
use crate::store::{Db, StoreError};

/// Distinct (page, text) answers kept.
const CACHE_ENTRIES: usize = 512;
/// Posts kept, each as the detail endpoint answers it.
const POST_CACHE_ENTRIES: usize = 256;

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

    /// The database the reads go to (the rendered pages' job postings read it too).
    pub fn db(&self) -> Arc<Db> {
        Arc::clone(&self.db)
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
    pub(crate) data: DetailData<'a>,
    /// Only when no blog has the id (404).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub(crate) message: Option<&'a str>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = BlogDetailData)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "BlogDetailData"))]
pub(crate) struct DetailData<'a> {
    pub(crate) datas: Vec<BlogJson<'a>>,
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
