import { MediaImage } from '@/components/media-image';
import { PageSection, sectionHeading } from '@/components/page-section';
import { Link } from '@/components/site-link';
import { homeContent, homeLabels } from '@/content/home';
import type { Blog } from '@/lib/api-types';
import { listBlogs } from '@/lib/blog-api';
import { blogPath } from '@/lib/blog-path';
import { takeList } from '@/lib/page-data';
import { edited, fieldOf } from '@/lib/page-fields';
import { useRemote } from '@/lib/use-remote';

/** The home page features the first 3 posts. */
const FEATURED_STORY_COUNT = 3;

/** The first three posts of page 1 with an empty search. */
async function loadFeaturedStories(signal: AbortSignal): Promise<Blog[]> {
  const { blogs } = await listBlogs(1, '', signal);
  return blogs.slice(0, FEATURED_STORY_COUNT);
}

/** The stories the server rendered the page with, if it did. */
function preloadedStories(): Blog[] | undefined {
  return takeList(1, '')?.blogs.slice(0, FEATURED_STORY_COUNT);
}

/** A failed list call has no handling of its own: the section says so quietly, no toast. */
function ignoreFailure() {}

function StoryCard({ blog }: { blog: Blog }) {
  const tag = blog.tags[0]?.name;
  return (
    <li class="card story-card" data-animate>
      <MediaImage
        class="story-card__image"
        path={blog.blog_image}
        set={blog.blog_image_set}
        sizes="(min-width: 900px) 400px, 100vw"
        width={800}
        height={500}
        loading="lazy"
      />
      <div class="story-card__body">
        {tag && <p class="tag">{tag}</p>}
        <h3 class="story-card__title">
          {/* The link covers the whole card (CSS), so the card is one click target. */}
          <Link class="story-card__link" to={blogPath(blog._id)}>
            {blog.title}
          </Link>
        </h3>
        <p class="story-card__motive">{blog.motive}</p>
      </div>
    </li>
  );
}

function StorySkeletons() {
  return (
    <div role="status" class="card-grid card-grid--3" aria-busy="true">
      <span class="visually-hidden">{edited('home', 'homeLabels', homeLabels).storiesLoading}</span>
      {Array.from({ length: FEATURED_STORY_COUNT }, (_, index) => (
        <div key={index} class="card story-card story-card--skeleton" aria-hidden="true">
          <span class="skeleton skeleton--image" />
          <span class="skeleton skeleton--line" />
          <span class="skeleton skeleton--line skeleton--short" />
        </div>
      ))}
    </div>
  );
}

/** The first three blog posts; a failed or empty list leaves a short note, never an error. */
export function FeaturedStories() {
  const stories = useRemote(loadFeaturedStories, [], ignoreFailure, preloadedStories);
  const blogs = stories.status === 'ready' ? stories.data : [];
  const content = edited('home', 'homeContent', homeContent);
  const labels = edited('home', 'homeLabels', homeLabels);
  return (
    <PageSection
      id="featured-stories"
      tone="soft"
      centered
      {...sectionHeading(content, 'homeContent', 'featuredStoriesHeading', 'featuredStoriesIntro')}
    >
      {stories.status === 'loading' && <StorySkeletons />}
      {blogs.length > 0 && (
        <ul class="card-grid card-grid--3">
          {blogs.map((blog) => (
            <StoryCard key={blog._id} blog={blog} />
          ))}
        </ul>
      )}
      {stories.status !== 'loading' && blogs.length === 0 && (
        <p class="empty-note" {...fieldOf('homeLabels.storiesUnavailable')}>
          {labels.storiesUnavailable}
        </p>
      )}
      <p class="section-more">
        <Link class="button button--outline" to="/blogs" {...fieldOf('homeLabels.allStories')}>
          {labels.allStories}
        </Link>
      </p>
    </PageSection>
  );
}
