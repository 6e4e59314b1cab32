import { fireEvent, render, screen } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SiteNavigation } from '@/components/site-navigation';
import { headerMenu } from '@/content/navigation';
import { NavDropdown } from './nav-dropdown';

const about = headerMenu.find((item) => item.id === 'about');
const business = headerMenu.find((item) => item.id === 'business');

function renderDropdown(id: 'about' | 'business') {
  const item = id === 'about' ? about : business;
  if (!item) throw new Error(`no ${id} menu item`);
  render(
    <MemoryRouter>
      <SiteNavigation>
        <ul>
          <NavDropdown item={item} />
        </ul>
        <button type="button">Elsewhere</button>
      </SiteNavigation>
    </MemoryRouter>,
  );
  const trigger = screen.getByRole('button', { name: item.name });
  return { trigger, item: trigger.closest('li') as HTMLElement };
}

const submenuHidden = (trigger: HTMLElement) =>
  (document.getElementById(trigger.getAttribute('aria-controls') ?? '') as HTMLElement).hidden;

describe('desktop dropdown', () => {
  it('opens when the pointer enters and closes when it leaves', () => {
    const { trigger, item } = renderDropdown('about');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(submenuHidden(trigger)).toBe(true);
    fireEvent.mouseEnter(item);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: "Founder's Message" })).toBeTruthy();
    fireEvent.mouseLeave(item);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens on keyboard focus and closes when focus leaves it', () => {
    const { trigger } = renderDropdown('about');
    fireEvent.focusIn(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    fireEvent.focusOut(trigger, { relatedTarget: screen.getByRole('link', { name: 'Who we are' }) });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    fireEvent.focusOut(trigger, { relatedTarget: screen.getByRole('button', { name: 'Elsewhere' }) });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape and gives focus back to its button', () => {
    const { trigger } = renderDropdown('about');
    fireEvent.focusIn(trigger);
    const entry = screen.getByRole('link', { name: 'Who we are' });
    entry.focus();
    fireEvent.keyDown(entry, { key: 'Escape' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger);
  });

  it('closes when an entry is chosen', () => {
    const { trigger, item } = renderDropdown('about');
    fireEvent.mouseEnter(item);
    fireEvent.click(screen.getByRole('link', { name: 'Who we are' }));
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('lists the four sister sites under Business, as plain same-window links', () => {
    const { item } = renderDropdown('business');
    fireEvent.mouseEnter(item);
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(4);
    for (const link of links) {
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(link.getAttribute('target')).toBeNull();
    }
  });
});
