import type { DrawnIconId, IconGlyph, IconId } from '@/content/types';
import { interfaceIconPaths } from './interface-icon-paths';

/**
 * Our own 24x24 icon drawings, keyed by icon id. Render each as
 * <svg viewBox="0 0 24 24"><path d={d} .../></svg>: stroke icons with fill="none",
 * stroke="currentColor", stroke-width="2", stroke-linecap="round" and
 * stroke-linejoin="round"; fill icons with fill="currentColor" (and fill-rule when given).
 */
const drawnIconPaths: Record<DrawnIconId, IconGlyph> = {
  // core values
  accountability: { style: 'stroke', d: 'M12 3l7 3v5c0 4.5-3 8-7 10-4-2-7-5.5-7-10V6z M9 12l2 2 4-4' },
  transparency: {
    style: 'stroke',
    d: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  },
  adaptability: {
    style: 'stroke',
    d: 'M20 11a8 8 0 0 0-14.6-4.5 M4 3v4h4 M4 13a8 8 0 0 0 14.6 4.5 M20 21v-4h-4',
  },
  'teamwork-collaboration': {
    style: 'stroke',
    d: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z M2 20c0-3.3 3.1-6 7-6s7 2.7 7 6 M16 4.3a3.5 3.5 0 0 1 0 6.4 M18 14.5c2.4.8 4 2.9 4 5.5',
  },
  'lifetime-learning': {
    style: 'stroke',
    d: 'M2 5h6a4 4 0 0 1 4 4v11a3 3 0 0 0-3-3H2z M22 5h-6a4 4 0 0 0-4 4v11a3 3 0 0 1 3-3h7z',
  },
  'people-customer-oriented': {
    style: 'stroke',
    d: 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M4 21c0-3.9 3.6-7 8-7 M18 22l-3.2-3.1a2 2 0 0 1 3.2-2.5 2 2 0 0 1 3.2 2.5z',
  },
  // overview stats
  'clients-served': {
    style: 'stroke',
    d: 'M4 8h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z M9 8V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3 M3 13h18 M11 13v2h2v-2',
  },
  'in-house-employee': {
    style: 'stroke',
    d: 'M12 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6z M6.5 20c0-3 2.5-5 5.5-5s5.5 2 5.5 5 M5 11a2 2 0 1 0 0-4 2 2 0 0 0 0 4z M19 11a2 2 0 1 0 0-4 2 2 0 0 0 0 4z M2 18c0-1.8 1.1-3.2 3-3.7 M22 18c0-1.8-1.1-3.2-3-3.7',
  },
  'years-in-industry': {
    style: 'stroke',
    d: 'M4 5h16a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z M3 10h18 M8 3v4 M16 3v4 M9 15.5l2 2 4-4',
  },
  'overall-projects': {
    style: 'stroke',
    d: 'M12 2.5l9.5 5-9.5 5-9.5-5z M2.5 12l9.5 5 9.5-5 M2.5 16.5l9.5 5 9.5-5',
  },
  // careers perks
  'fast-growing': { style: 'stroke', d: 'M3 17l6-6 4 4 8-8 M15 7h6v6' },
  'great-team': {
    style: 'stroke',
    d: 'M6 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4z M12 8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z M18 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4z M2 17c0-2.2 1.8-4 4-4 M22 17c0-2.2-1.8-4-4-4 M7 18c0-2.8 2.2-5 5-5s5 2.2 5 5 M3 21h18',
  },
  'take-ownership': { style: 'stroke', d: 'M5 21V3 M5 4h12l-2.5 4.5L17 13H5' },
  'keep-learning': {
    style: 'stroke',
    d: 'M9 18h6 M10 21h4 M12 3a6 6 0 0 0-3.6 10.8c.7.5 1.1 1.3 1.1 2.2v.5h5V16c0-.9.4-1.7 1.1-2.2A6 6 0 0 0 12 3z',
  },
  'latest-tech': {
    style: 'stroke',
    d: 'M8 7h8a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1z M10 10h4v4h-4z M10 3v4 M14 3v4 M10 17v4 M14 17v4 M3 10h4 M3 14h4 M17 10h4 M17 14h4',
  },
  'cross-domain-exposure': {
    style: 'stroke',
    d: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z M15.5 8.5l-2 5-5 2 2-5z',
  },
};

/** Every icon: the drawings, then the interface's. */
export const iconPaths: Record<IconId, IconGlyph> = { ...drawnIconPaths, ...interfaceIconPaths };
