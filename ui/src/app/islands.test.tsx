import { act, fireEvent, screen } from '@testing-library/preact';
import { renderToString } from 'preact-render-to-string';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SiteNavigation } from '@/components/site-navigation';
import ReadMore from '@/islands/read-more';
import ToastHost from '@/islands/toast-host';
import { toast } from '@/lib/toast';

const paragraphs = ['First.', 'Second.', 'Third.'];
/** A Read More of three paragraphs, one shown while collapsed. */
const story = {
  id: 'story',
  paragraphs,
  collapsedCount: 1,
  readMoreLabel: 'Read More',
  readLessLabel: 'Read Less',
};

/** A page as the server sends it: its markup, with islands in it, and static text around. */
function serverPage() {
  return renderToString(
    <MemoryRouter>
      <SiteNavigation>
        <p id="static">Static words</p>
        <ReadMore {...story} />
        <ToastHost />
      </SiteNavigation>
    </MemoryRouter>,
  );
}

describe('islands', () => {
  it('are each named after their module, which is how the browser finds them', async () => {
    const modules = import.meta.glob<{ default: { islandName: string } }>('../islands/*.tsx', {
      eager: true,
    });
    const names = Object.entries(modules).map(([file, module]) => [
      file.replace(/^.*\/|\.tsx$/g, ''),
      module.default.islandName,
    ]);
    expect(names.length).toBeGreaterThan(10);
    for (const [file, name] of names) expect(name).toBe(file);
  });

  it('render inside an element that names them and carries their props as JSON', () => {
    const root = document.createElement('div');
    root.innerHTML = serverPage();
    const places = root.querySelectorAll<HTMLElement>('[data-island]');
    expect([...places].map((place) => place.dataset.island)).toEqual(['read-more', 'toast-host']);
    expect(JSON.parse(places[0]?.dataset.props ?? '')).toMatchObject({
      id: 'story',
      paragraphs,
      collapsedCount: 1,
    });
    // An island of no props carries none.
    expect(places[1]?.hasAttribute('data-props')).toBe(false);
  });

  it("never carry a page editor's field marks: a preview's props are the public page's", () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(
      <ReadMore {...story} field={{ 'data-field': 'aboutContent.story.paragraphs' }} />,
    );
    const place = root.querySelector<HTMLElement>('[data-island]');
    expect(JSON.parse(place?.dataset.props ?? '')).not.toHaveProperty('field');
    // The server's markup still names the field.
    expect(root.querySelector('[data-field="aboutContent.story.paragraphs"]')).not.toBeNull();
  });

  it("hydrate on the server's nodes, each from its own module, and leave the rest of the page alone", async () => {
    document.body.innerHTML = `<div id="root">${serverPage()}</div>`;
    const staticText = document.getElementById('static');
    const button = screen.getByRole('button', { name: 'Read More' });
    await act(async () => {
      await import('./islands');
      await expect.poll(() => document.documentElement.dataset.app, { timeout: 2000 }).toBe('ready');
    });
    // The same nodes: hydrated, not rendered anew.
    expect(screen.getByRole('button', { name: 'Read More' })).toBe(button);
    expect(document.getElementById('static')).toBe(staticText);
    await act(async () => {
      fireEvent.click(button);
    });
    expect(button.textContent).toBe('Read Less');
    expect(document.getElementById('story')?.textContent).toBe('First.Second.Third.');
    // The toast host listens: a toast raised by any island shows.
    await act(async () => {
      toast.success('Form Submitted Successfully');
    });
    expect(screen.getByRole('status').textContent).toContain('Form Submitted Successfully');
  });
});
