import { api } from './api-client';
import type { Blog, BlogDetailBody, BlogListBody, Pagination } from './api-types';

interface BlogList {
  blogs: Blog[];
  pagination: Pagination;
}

/** GET {api}/corp_website/blogs/get?page=&text= (page defaults to 1, text to empty). */
export async function listBlogs(page = 1, text = '', signal?: AbortSignal): Promise<BlogList> {
  const { body } = await api.get<BlogListBody>('corp_website/blogs/get', { page, text }, signal);
  return { blogs: body.data.datas, pagination: body.data.pagination };
}

/** GET {api}/corp_website/blogs/get/{id}?page=1&text=; the first item is the blog, or null. */
export async function getBlog(id: string, signal?: AbortSignal): Promise<Blog | null> {
  const { body } = await api.get<BlogDetailBody>(
    `corp_website/blogs/get/${encodeURIComponent(id)}`,
    { page: 1, text: '' },
    signal,
  );
  return body.data.datas[0] ?? null;
}
