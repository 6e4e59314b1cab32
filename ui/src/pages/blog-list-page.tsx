import { PageHero } from '@/components/page-hero';
import { useQuery } from '@/components/site-link';
import { parsePage } from '@/features/blog/blog-layout';
import { blogWords } from '@/features/blog/blog-words';
import BlogList from '@/islands/blog-list';
import { edited } from '@/lib/page-fields';
import { documentTitle, usePageMeta } from '@/lib/page-meta';
import '@/styles/controls.css';
import '@/features/blog/blog-list.css';

/** The head's title of a page of the list: ", page N" after the first. */
const paged = (title: string, page: number | string) => `${title}, page ${page}`;

/** The blog list: its banner, then the list (an island). */
export function BlogListPage() {
  const [params] = useQuery();
  const page = parsePage(params.get('page'));
  const words = blogWords();
  const meta = edited('blog-list', 'pageMeta', {
    title: words.banner.headline,
    description: words.banner.text,
    image: words.banner.image,
    imageAlt: words.banner.imageAlt,
  });
  usePageMeta({ ...meta, title: page > 1 ? paged(meta.title, page) : meta.title });
  return (
    <>
      <PageHero banner={words.banner} breadcrumb={words.breadcrumb} at="blogContent" />
      <BlogList titles={[documentTitle(meta.title), documentTitle(paged(meta.title, '{page}'))]} />
    </>
  );
}
