// Generated from the Rust types of the API by src/http/api_types.rs. Do not edit:
// change the Rust type, then run `UPDATE_API_TYPES=1 cargo test api_types`.

export type Blog = { 
/**
 * A stable slug of the title.
 */
_id: string, title: string, motive: string, 
/**
 * HTML, sanitized by the server when written and again when read.
 */
content: string, 
/**
 * A path under the media base (`<meta name="corpsite:media-base">`); null without a cover.
 */
blog_image: string | null, 
/**
 * ISO 8601, midnight UTC of the post's day.
 */
date: string, 
/**
 * For example "4 min read".
 */
min_read: string, 
/**
 * `#rrggbb`
 */
color: string, tags: Array<BlogTag>, written_by: BlogAuthor | null, };

export type BlogTag = { name: string, };

export type BlogAuthor = { name: string, 
/**
 * A path under the media base, like `blog_image`.
 */
profile_photo: string | null, };

export type Pagination = { total: number, limit: number, page: number, pages: number, };

export type BlogListBody = { data: BlogListData, };

export type BlogListData = { datas: Array<Blog>, pagination: Pagination, };

export type BlogDetailBody = { data: BlogDetailData, 
/**
 * Only when no blog has the id (404).
 */
message?: string, };

export type BlogDetailData = { datas: Array<Blog>, };

export type ErrorBody = { 
/**
 * Says what went wrong and what to do, in words a visitor understands.
 */
message: string, 
/**
 * Per field (by its JSON name), what is wrong with it; only on 422.
 */
errors?: { [key in string]: string }, };

export type CreatedBody = { message: string, data: CreatedId, };

export type CreatedId = { _id: string, };

export type EnquiryPayload = { name?: string, email?: string, mobile?: string, requirment?: string, department_website?: string, service?: string, 
/**
 * The honeypot: hidden on the site, so only robots fill it.
 */
website?: string, };
