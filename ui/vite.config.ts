import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import routeTable from './src/app/route-table.json' with { type: 'json' };
import { previewFieldsOnServer } from './vite-preview-fields';
import { renderFastPaths } from './vite-render-fast-paths';
import { routeTableForBrowser } from './vite-route-table';

// The React API runs on preact/compat: same components, a fraction of the bytes.
// `vite build --ssr src/app/server-entry.tsx` builds the same app once more, for the binary's
// JavaScript engine: one self-contained script (dist-ssr/server.js, no imports, no Node APIs)
// that build.rs hands to the binary.
const barePages = routeTable.routes
  .filter((route) => 'bare' in route && route.bare)
  .map((route) => route.page);
const isBarePage = (file: string) => barePages.some((page) => file.startsWith(`assets/${page}-`));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [renderFastPaths()] : [previewFieldsOnServer(), routeTableForBrowser()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      react: 'preact/compat',
      'react-dom/test-utils': 'preact/test-utils',
      'react-dom': 'preact/compat',
      'react/jsx-runtime': 'preact/jsx-runtime',
    },
  },
  oxc: {
    jsx: { runtime: 'automatic', importSource: 'preact' },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    // Every asset is a file under /assets/: no data: URLs, so the CSP stays tight.
    assetsInlineLimit: 0,
    target: 'es2020',
    sourcemap: false,
    reportCompressedSize: false,
    // dist/.vite/manifest.json: which chunks each page loads, for scripts/check-bundle-size.mjs
    // (the binary does not embed it).
    manifest: !isSsrBuild,
    // The app's entry lists, for each page chunk, the chunks to fetch beside it. A visitor's
    // first load would carry that list for every staff screen too, so a staff screen (a bare
    // route of the route table) fetches its shared chunks from its own imports instead: one
    // round trip more when a screen first opens, some 450 bytes less on every public page.
    // The islands' entry lists none either: the server preloads the modules of a page's islands
    // with the page (src/render/document.rs), so the list would only weigh on its first load
    // (the host is the entry's output file: the entry is named `islands`).
    modulePreload: {
      resolveDependencies: (filename, deps, { hostId }) =>
        isBarePage(filename) || hostId.startsWith('assets/islands-') ? [] : deps,
    },
    // Three entries: the app (index.html: the staff's screens, and pages shown after a move
    // inside it), the small loader a server-rendered page starts with (src/app/boot.ts), and
    // the islands (src/app/islands.ts), which the loader adds to such a page after its first
    // paint.
    ...(!isSsrBuild && {
      rollupOptions: {
        input: { index: 'index.html', boot: 'src/app/boot.ts', islands: 'src/app/islands.ts' },
      },
    }),
    ...(isSsrBuild && {
      outDir: 'dist-ssr',
      minify: true,
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: 'server.js' } },
    }),
  },
  // The server bundle: everything in it, resolved as for a runtime with no Node built-ins.
  // (Only for that build: the unit tests run through Vite's SSR pipeline too.)
  ...(isSsrBuild && { ssr: { noExternal: true, target: 'webworker' as const } }),
  define: isSsrBuild ? { 'process.env.NODE_ENV': '"production"' } : {},
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/media': 'http://127.0.0.1:8080',
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
}));
