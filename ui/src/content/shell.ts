/** The minimal header and footer of the app shell. */
export const shellNavigation = {
  brand: 'Fidelitus Corp',
  copyrightYear: 2025,
  header: [
    { name: 'Home', path: '/' },
    { name: 'About Us', path: '/about/our_vision' },
    { name: 'Why Us', path: '/why-us' },
    { name: 'Blogs', path: '/blogs' },
    { name: 'Careers', path: '/join_us' },
    { name: 'Contact Us', path: '/contact' },
  ],
  footer: [
    { name: 'About', path: '/about/our_vision' },
    { name: 'Why Us', path: '/why-us' },
    { name: 'Blog', path: '/blogs' },
    { name: 'Careers', path: '/join_us' },
    { name: 'Contact', path: '/contact' },
  ],
} as const;
