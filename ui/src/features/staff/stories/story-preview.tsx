import type { JSX } from 'preact';
import type { Blog } from '@/lib/api-types';
import type { StoryForm } from './story-api';

/** What the preview shows: the form as the site's own post would carry it. */
function previewBlog(form: StoryForm, html: string, minRead: string): Blog {
  return {
    _id: 'preview',
    title: form.title || 'Untitled story',
    motive: form.motive,
    content: html,
    blog_image: form.image,
    blog_image_set: null,
    content_images: [],
    date: form.date ? `${form.date}T00:00:00.000Z` : new Date().toISOString(),
    min_read: form.min_read || minRead,
    color: form.color || '#0f3b57',
    tags: form.tags.map((name) => ({ name })),
    written_by: form.author
      ? { name: form.author, profile_photo: form.author_photo, profile_photo_set: null }
      : null,
  };
}

interface StoryPreviewProps {
  form: StoryForm;
  /** The body as the server rendered it, and the reading time it counted. */
  preview: { html: string; min_read: string };
  renderPreview: (blog: Blog) => JSX.Element;
}

/** The story as visitors will see it, drawn by the site's own post component. */
export function StoryPreview({ form, preview, renderPreview }: StoryPreviewProps) {
  return (
    <section class="staff-editor__preview" aria-label="Preview">
      <h2 class="staff-editor__preview-title">Preview</h2>
      {form.body.trim() ? (
        renderPreview(previewBlog(form, preview.html, preview.min_read))
      ) : (
        <p>The preview shows the story as visitors will see it, once it has a body.</p>
      )}
    </section>
  );
}
