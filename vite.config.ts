import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const web = (file: string) => fileURLToPath(new URL(`./src/web/${file}`, import.meta.url))

/**
 * The web app lives in src/web and is built twice:
 * - for the browser (`vite build`) into dist/web, which the API server (src/server) serves: index.html
 *   is the page of every path the server renders (public pages, hydrated) or leaves to the browser
 *   (/app, /auth ...), landing.html the landing page's, whose small script does not hydrate;
 * - for the server (`vite build --ssr entry-server.tsx`, the ssr step of scripts/build.mjs) into
 *   dist/web-ssr: one self-contained ES module with React's production build inside, so that server
 *   rendering is the same whatever NODE_ENV the server runs with.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: isSsrBuild
    ? { outDir: '../../dist/web-ssr', emptyOutDir: true, sourcemap: true, copyPublicDir: false }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        sourcemap: true,
        modulePreload: false,
        rollupOptions: { input: { index: web('index.html'), landing: web('landing.html') } },
      },
  ssr: { noExternal: isSsrBuild ? true : undefined },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
}))
