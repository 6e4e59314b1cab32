import { fireEvent, render, screen } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { SiteNavigation } from '@/components/site-navigation';
import { headerProps } from './header-props';
import { MobileDrawer, toggleSection } from './mobile-drawer';

describe('toggleSection', () => {
  it('opens one submenu at a time and closes the open one when chosen again', () => {
    expect(toggleSection(null, 'about')).toBe('about');
    expect(toggleSection('about', 'business')).toBe('business');
    expect(toggleSection('business', 'business')).toBeNull();
  });
});

function renderDrawer(onClose = vi.fn()) {
  render(
    <MemoryRouter>
      <SiteNavigation>
        <MobileDrawer open onClose={onClose} {...headerProps()} />
      </SiteNavigation>
    </MemoryRouter>,
  );
  return onClose;
}

describe('mobile drawer', () => {
  it('expands About Us and Business one at a time', () => {
    renderDrawer();
    const about = screen.getByRole('button', { name: 'About Us' });
    const business = screen.getByRole('button', { name: 'Business' });
    fireEvent.click(about);
    expect(about.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Who we are' })).toBeTruthy();
    fireEvent.click(business);
    expect(about.getAttribute('aria-expanded')).toBe('false');
    expect(business.getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByRole('link', { name: 'Who we are' })).toBeNull();
  });

  it('closes when an entry is chosen', () => {
    const onClose = renderDrawer();
    fireEvent.click(screen.getByRole('link', { name: 'Why Us' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape and on its close button', () => {
    const onClose = renderDrawer();
    fireEvent.keyDown(screen.getByRole('link', { name: 'Blogs' }), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('closes on a click on the backdrop (the dialog box itself), not on its content', () => {
    const onClose = renderDrawer();
    const dialog = document.getElementById('site-drawer') as HTMLElement;
    fireEvent.click(screen.getByRole('navigation'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
