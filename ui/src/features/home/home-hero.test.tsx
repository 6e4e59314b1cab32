import { render, screen } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteNavigation } from '@/components/site-navigation';
import { homeContent } from '@/content/home';
import { setPageData } from '@/lib/page-data';
import { heroProps } from './hero-props';
import { HomeHero } from './home-hero';

function renderHero() {
  return render(
    <MemoryRouter>
      <SiteNavigation>
        <HomeHero {...heroProps()} />
      </SiteNavigation>
    </MemoryRouter>,
  );
}

afterEach(() => setPageData(null));

describe('home hero', () => {
  it('shows the compiled headline, with no field attributes, until the office publishes its own', () => {
    setPageData({});
    const { container } = renderHero();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(homeContent.hero.headline);
    expect(container.querySelector('[data-field]')).toBeNull();
  });

  it("shows the office's published headline and button, and in a preview ties them to their fields", () => {
    setPageData({
      preview: true,
      pages: {
        home: { 'homeContent.hero.headline': 'Offices that work.', 'homeLabels.talkToUs': 'Call us' },
      },
    });
    renderHero();
    const headline = screen.getByRole('heading', { level: 1 });
    expect(headline.textContent).toBe('Offices that work.');
    expect(headline.getAttribute('data-field')).toBe('homeContent.hero.headline');
    expect(screen.getByRole('link', { name: 'Call us' }).getAttribute('data-field')).toBe(
      'homeLabels.talkToUs',
    );
  });
});
