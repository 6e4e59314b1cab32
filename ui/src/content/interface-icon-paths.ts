import type { IconGlyph, InterfaceIconId } from '@/content/types';

/**
 * The icons of the site's frame and controls, drawn as `icon-paths.ts` says. On their own, so
 * an island that draws a menu, a close button or a social link carries these few and not
 * every drawing of the site.
 */
export const interfaceIconPaths: Record<InterfaceIconId, IconGlyph> = {
  // social
  facebook: {
    style: 'fill',
    d: 'M13.5 22v-8h2.9l.5-3.5h-3.4V8.4c0-1 .3-1.7 1.8-1.7H17V3.6c-.3 0-1.4-.1-2.6-.1-2.6 0-4.4 1.6-4.4 4.5v2.5H7V14h3v8z',
  },
  instagram: {
    style: 'stroke',
    d: 'M7.5 3h9A4.5 4.5 0 0 1 21 7.5v9a4.5 4.5 0 0 1-4.5 4.5h-9A4.5 4.5 0 0 1 3 16.5v-9A4.5 4.5 0 0 1 7.5 3z M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z M17.5 6.5h.01',
  },
  linkedin: {
    style: 'fill',
    d: 'M3.5 9h3.7v11.5H3.5z M5.35 3.2a2.1 2.1 0 1 1 0 4.2 2.1 2.1 0 0 1 0-4.2z M9.7 9h3.5v1.6c.6-1 1.9-1.9 3.8-1.9 3.3 0 4.3 2.1 4.3 5.1v6.7h-3.7v-6c0-1.5-.4-2.7-1.9-2.7s-2.3 1.2-2.3 2.7v6H9.7z',
  },
  youtube: {
    style: 'fill',
    d: 'M21.6 7.2a2.6 2.6 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.6 2.6 0 0 0 2.4 7.2C2 8.8 2 12 2 12s0 3.2.4 4.8a2.6 2.6 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.6 2.6 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8z M10 15.2V8.8l5.4 3.2z',
    fillRule: 'evenodd',
  },
  whatsapp: {
    style: 'stroke',
    d: 'M3.5 20.5l1.3-4.2A8.5 8.5 0 1 1 8 19.4z M9 8.3c0 3.7 3 6.7 6.7 6.7l.8-1.6-2.1-1-.9.9a4.6 4.6 0 0 1-2.8-2.8l.9-.9-1-2.1z',
  },
  // interface
  menu: { style: 'stroke', d: 'M4 6h16 M4 12h16 M4 18h16' },
  close: { style: 'stroke', d: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z M9 9l6 6 M15 9l-6 6' },
  'chevron-down': { style: 'stroke', d: 'M6 9l6 6 6-6' },
  play: { style: 'fill', d: 'M8 5.5v13a1 1 0 0 0 1.5.9l10.2-6.5a1 1 0 0 0 0-1.8L9.5 4.6A1 1 0 0 0 8 5.5z' },
  'arrow-left': { style: 'stroke', d: 'M19 12H5 M11 6l-6 6 6 6' },
  phone: {
    style: 'stroke',
    d: 'M5 3h3.5l1.5 4.5-2.2 1.4a11 11 0 0 0 7.3 7.3l1.4-2.2L21 15.5V19a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2z',
  },
  mail: {
    style: 'stroke',
    d: 'M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z M3.5 6.5L12 13l8.5-6.5',
  },
  'map-pin': {
    style: 'stroke',
    d: 'M12 21.5s-7-6.1-7-11.5a7 7 0 0 1 14 0c0 5.4-7 11.5-7 11.5z M12 7.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z',
  },
  upload: { style: 'stroke', d: 'M12 15V4 M7 9l5-5 5 5 M4 15v4a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-4' },
  x: { style: 'stroke', d: 'M6 6l12 12 M18 6L6 18' },
};
