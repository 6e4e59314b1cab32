import { Link } from 'react-router-dom';
import { PageSection } from '@/components/page-section';
import { homeContent, homeLabels } from '@/content/home';
import type { Blog } from '@/features/blog/blog-api';
import { mediaUrl } from '@/lib/runtime-config';
import { FEATURED_STORY_COUNT, useFeaturedStories } from './use-featured-stories';

function StoryCard({ blog }: { blog: Blog }) {
  const tag = blog.tags[0]?.name;
  return (
    <li class="card story-card" data-animate>
      <img
        class="story-card__image"
        src={mediaUrl(blog.blog_image)}
        alt=""
        width={800}
        height={500}
        loading="lazy"
        decoding="async"
      />
      <div class="story-card__body">
        {tag && <p class="tag">{tag}</p>}
        <h3 class="story-card__title">
          {/* The link covers the whole card (CSS), so the card is one click target. */}
          <Link class="story-card__link" to={`/blogs/detail/${encodeURIComponent(blog._id)}`}>
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
      <span class="visually-hidden">{homeLabels.storiesLoading}</span>
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
  const stories = useFeaturedStories();
  return (
    <PageSection
      id="featured-stories"
      title={homeContent.featuredStoriesHeading}
      intro={homeContent.featuredStoriesIntro}
      tone="soft"
      centered
    >
      {stories.status === 'loading' && <StorySkeletons />}
      {stories.status === 'ready' && stories.blogs.length > 0 && (
        <ul class="card-grid card-grid--3">
          {stories.blogs.map((blog) => (
            <StoryCard key={blog._id} blog={blog} />
          ))}
        </ul>
      )}
      {(stories.status === 'unavailable' || (stories.status === 'ready' && stories.blogs.length === 0)) && (
        <p class="empty-note">{homeLabels.storiesUnavailable}</p>
      )}
      <p class="section-more">
        <Link class="button button--outline" to="/blogs">
          {homeLabels.allStories}
        </Link>
      </p>
    </PageSection>
  );
}
