import { api } from '@/lib/api-client';

/** A blog post exactly as the API sends it (SPEC.md section 3; DESIGN.md "API"). */
export interface Blog {
  _id: string;
  title: string;
  motive: string;
  /** HTML, sanitized by the server; sanitize again before display. */
  content: string;
  /** A path under the media base (see mediaUrl). */
  blog_image: string;
  /** ISO 8601. */
  date: string;
  /** For example "4 min read". */
  min_read: string;
  /** #rrggbb */
  color: string;
  tags: { name: string }[];
  written_by: { name: string; profile_photo: string | null } | null;
}

export interface Pagination {
  total: number;
  limit: number;
  page: number;
  pages: number;
}

export interface BlogList {
  blogs: Blog[];
  pagination: Pagination;
}

interface ListBody {
  data: { datas: Blog[]; pagination: Pagination };
}

interface DetailBody {
  data: { datas: Blog[] };
}

/** GET {api}/corp_website/blogs/get?page=&text= (SPEC.md section 7). */
export async function listBlogs(page = 1, text = '', signal?: AbortSignal): Promise<BlogList> {
  const { body } = await api.get<ListBody>('corp_website/blogs/get', { page, text }, signal);
  return { blogs: body.data.datas, pagination: body.data.pagination };
}

/** GET {api}/corp_website/blogs/get/{id}?page=1&text=; the first item is the blog, or null. */
export async function getBlog(id: string, signal?: AbortSignal): Promise<Blog | null> {
  const { body } = await api.get<DetailBody>(
    `corp_website/blogs/get/${encodeURIComponent(id)}`,
    { page: 1, text: '' },
    signal,
  );
  return body.data.datas[0] ?? null;
}
