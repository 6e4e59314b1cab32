import { useEffect, useState } from 'preact/hooks';
import { type Blog, listBlogs } from '@/features/blog/blog-api';

export const FEATURED_STORY_COUNT = 3;

export type FeaturedStories =
  | { status: 'loading' }
  | { status: 'ready'; blogs: Blog[] }
  /** The list call failed: SPEC.md shows no handling, so the section says so quietly. */
  | { status: 'unavailable' };

/** The first three posts of page 1 with an empty search (SPEC.md section 7). */
export function useFeaturedStories(): FeaturedStories {
  const [state, setState] = useState<FeaturedStories>({ status: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    listBlogs(1, '', abort.signal).then(
      ({ blogs }) => setState({ status: 'ready', blogs: blogs.slice(0, FEATURED_STORY_COUNT) }),
      () => {
        if (!abort.signal.aborted) setState({ status: 'unavailable' });
      },
    );
    return () => abort.abort();
  }, []);
  return state;
}
