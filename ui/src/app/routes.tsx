import { type ComponentType, lazy } from 'preact/compat';
import type { RouteObject } from 'react-router-dom';
import { NotFoundScreen } from './error-screen';
import { Layout } from './layout';

type PageModule = Record<string, ComponentType>;

/** One page as its own chunk; `name` is the page module's named export. */
function page(load: () => Promise<PageModule>, name: string) {
  const Page = lazy(async () => {
    const mod = await load();
    const Component = mod[name];
    if (!Component) throw new Error(`Page module has no export named ${name}`);
    return { default: Component };
  });
  return <Page />;
}

/** The complete route table of SPEC.md section 2. The server answers 200 for exactly these paths. */
export const pageRoutes: RouteObject[] = [
  { index: true, element: page(() => import('@/pages/home-page'), 'HomePage') },
  { path: 'home', element: page(() => import('@/pages/home-page'), 'HomePage') },
  { path: 'about/our_vision', element: page(() => import('@/pages/about-page'), 'AboutPage') },
  {
    path: 'about/founder_message',
    element: page(() => import('@/pages/founder-message-page'), 'FounderMessagePage'),
  },
  { path: 'why-us', element: page(() => import('@/pages/why-us-page'), 'WhyUsPage') },
  { path: 'blogs', element: page(() => import('@/pages/blog-list-page'), 'BlogListPage') },
  { path: 'blogs/detail/:id', element: page(() => import('@/pages/blog-detail-page'), 'BlogDetailPage') },
  { path: 'join_us', element: page(() => import('@/pages/join-us-page'), 'JoinUsPage') },
  { path: 'contact', element: page(() => import('@/pages/contact-page'), 'ContactPage') },
  { path: 'projects', element: page(() => import('@/pages/projects-page'), 'ProjectsPage') },
  { path: 'real-estate', element: page(() => import('@/pages/real-estate-page'), 'RealEstatePage') },
  { path: 'hr-labs', element: page(() => import('@/pages/hr-labs-page'), 'HrLabsPage') },
  {
    path: 'facility-management-services',
    element: page(() => import('@/pages/facility-management-page'), 'FacilityManagementPage'),
  },
  { path: 'fidelitus_gallery', element: page(() => import('@/pages/gallery-page'), 'GalleryPage') },
  { path: 'shilpa_foundation', element: page(() => import('@/pages/foundation-page'), 'FoundationPage') },
  { path: '*', element: <NotFoundScreen /> },
];

export const routes: RouteObject[] = [{ path: '/', element: <Layout />, children: pageRoutes }];
