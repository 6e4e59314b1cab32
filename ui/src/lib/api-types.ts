/**
 * The API's JSON shapes (DESIGN.md "API"), as the site and its browser tests read them.
 * Hand-written for now; the names are those the types generated from the Rust side will keep.
 */

/** A tag of a post. */
export interface BlogTag {
  name: string;
}

/** Who wrote a post; `profile_photo` is a path under the media base, or null. */
export interface BlogAuthor {
  name: string;
  profile_photo: string | null;
}

/** A blog post exactly as the API sends it (SPEC.md section 3). */
export interface Blog {
  _id: string;
  title: string;
  motive: string;
  /** HTML, sanitized by the server; sanitize again before display. */
  content: string;
  /** A path under the media base (see mediaUrl), or null for a post without an image. */
  blog_image: string | null;
  /** ISO 8601. */
  date: string;
  /** For example "4 min read". */
  min_read: string;
  /** #rrggbb */
  color: string;
  tags: BlogTag[];
  written_by: BlogAuthor | null;
}

export interface Pagination {
  total: number;
  limit: number;
  page: number;
  pages: number;
}

/** GET /api/corp_website/blogs/get */
export interface BlogListBody {
  data: { datas: Blog[]; pagination: Pagination };
}

/** GET /api/corp_website/blogs/get/{id} */
export interface BlogDetailBody {
  data: { datas: Blog[] };
}

/** Every error answer: a message, and per-field messages for a form. */
export interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
}
