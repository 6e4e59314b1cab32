import type {
  Blog,
  BlogDetailBody,
  BlogListBody,
  CompanyDetailsBody,
  CompanyDetailsForm,
  JobPosting,
  JobsBody,
  PrivacyBody,
} from './api-types';

/**
 * The API answers a server-rendered page was made from. The server writes them into the page
 * as `<script type="application/json" id="corpsite-data">` (data, never executed) and the
 * renderer reads the same object, so the browser's first render shows exactly what the server
 * rendered and asks the API for nothing it already has. The server fills it from the route
 * table's `data` field (route-table.json).
 */
export interface PageData {
  /** Blog list answers, by the page and search text the page asked for; the posts' `content`
   * is left empty (no list shows it, and it would make every page that embeds a list heavy). */
  lists?: { page: number; text: string; body: BlogListBody }[];
  /** Blog detail answers by id; `body` is null for an unknown id (the API's 404). */
  blogs?: { id: string; body: BlogDetailBody | null }[];
  /** The open job postings `/join_us` lists, as its filters let through (`GET /api/corp_website/jobs`). */
  jobs?: JobsBody;
  /** The posting of `/join_us/:id`: its answer's status (200, 404, 410) and body (null unless 200). */
  job?: { slug: string; status: number; body: JobPosting | null };
  /** What the privacy notice states: each list's retention rule and the trash's days (`GET /api/corp_website/retention`). */
  retention?: PrivacyBody;
  /** The company's details (`GET /api/corp_website/site`): every page shows them. */
  site?: CompanyDetailsBody;
  /** The office's year when the server rendered the page: the footer's copyright names it. */
  year?: number;
  /** The office's published words and pictures, by page key (`lib/page-fields.ts`). */
  pages?: PageFields;
  /** A preview the page editor shows: each editable text and picture names its field. */
  preview?: boolean;
}

/**
 * The office's published words and pictures (the page editor, `/staff/pages`), by page key:
 * for each page, its content paths (`<export name>.<property path>`, a number an array's
 * index) and the value the office put there. The server writes them already as the content
 * holds them: an image's address and alt text at their own paths, a `paragraphs` field as
 * `{ html }` (cleaned by the server's sanitizer when it was saved). Pages without the
 * office's words have none, and show the content compiled in.
 */
export type PageFields = Record<string, Record<string, unknown>>;

export const PAGE_DATA_ELEMENT_ID = 'corpsite-data';

let current: PageData | null = null;

/** The renderer hands each page's data in before it renders. */
export function setPageData(data: PageData | null): void {
  current = data;
}

/** What the page came with (a page's own entries, such as the open roles, are taken by its feature). */
export function pageData(): PageData {
  if (current === null) {
    current = {};
    if (typeof document !== 'undefined') {
      const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
      try {
        if (text) current = JSON.parse(text) as PageData;
      } catch {
        // A broken block only costs a fetch.
      }
    }
  }
  return current;
}

/** A list answer the page came with, once: later visits of the page load fresh data. */
export function takeList(
  page: number,
  text: string,
): { blogs: Blog[]; pagination: BlogListBody['data']['pagination'] } | undefined {
  const data = pageData();
  const index = data.lists?.findIndex((entry) => entry.page === page && entry.text === text) ?? -1;
  if (index < 0 || !data.lists) return undefined;
  const [entry] = data.lists.splice(index, 1);
  return entry && { blogs: entry.body.data.datas, pagination: entry.body.data.pagination };
}

/** The blog the page came with (null: the server found none), once; undefined: not preloaded. */
export function takeBlog(id: string): Blog | null | undefined {
  const data = pageData();
  const index = data.blogs?.findIndex((entry) => entry.id === id) ?? -1;
  if (index < 0 || !data.blogs) return undefined;
  const [entry] = data.blogs.splice(index, 1);
  return entry?.body?.data.datas[0] ?? null;
}

/** The company's details the page was rendered with (kept: every render reads them). */
export function pageCompanyDetails(): CompanyDetailsForm | undefined {
  return pageData().site?.data;
}

/**
 * The year the footer's copyright names: the office's, as the server rendered the page (the
 * server keeps a rendered page no longer than that year), else this browser's.
 */
export function pageYear(): number {
  return pageData().year ?? new Date().getFullYear();
}

/** Whether the page is a preview of the page editor's (`lib/page-fields.ts`). */
export function inPreview(): boolean {
  return pageData().preview === true;
}

/** The office's published words and pictures the page came with (`lib/page-fields.ts`). */
export function pageFields(): PageFields | undefined {
  return pageData().pages;
}
