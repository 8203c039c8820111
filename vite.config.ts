import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'

const web = (file: string) => fileURLToPath(new URL(`./src/web/${file}`, import.meta.url))

/**
 * The OCR engine's files, served from our own origin under /ocr/ with fixed names (tesseract.js
 * asks for them by name, and nothing may come from a CDN): its worker, the LSTM builds of its core
 * (plain, SIMD and relaxed SIMD: the worker picks what the browser supports) and the English trained
 * data (tessdata_best integer model), all from node_modules. Used by
 * src/web/features/verification/mrz-ocr.ts (decision 064).
 */
const OCR_FILES: Record<string, string> = {
  'worker.min.js': 'tesseract.js/dist/worker.min.js',
  'tesseract-core-lstm.wasm.js': 'tesseract.js-core/tesseract-core-lstm.wasm.js',
  'tesseract-core-simd-lstm.wasm.js': 'tesseract.js-core/tesseract-core-simd-lstm.wasm.js',
  'tesseract-core-relaxedsimd-lstm.wasm.js': 'tesseract.js-core/tesseract-core-relaxedsimd-lstm.wasm.js',
  'eng.traineddata.gz': '@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz',
}
const ocrFile = (name: string) =>
  readFileSync(fileURLToPath(new URL(`./node_modules/${OCR_FILES[name]}`, import.meta.url)))

function ocrAssets(): Plugin {
  return {
    name: 'homeward-ocr-assets',
    configureServer(server) {
      server.middlewares.use('/ocr', (req, res, next) => {
        const name = (req.url ?? '').replace(/^\//, '').split('?')[0] ?? ''
        if (!OCR_FILES[name]) return next()
        res.setHeader('Content-Type', name.endsWith('.js') ? 'text/javascript' : 'application/octet-stream')
        res.end(ocrFile(name))
      })
    },
    generateBundle() {
      for (const name of Object.keys(OCR_FILES)) {
        this.emitFile({ type: 'asset', fileName: `ocr/${name}`, source: ocrFile(name) })
      }
    },
  }
}

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
  plugins: isSsrBuild ? [react(), tailwindcss()] : [react(), tailwindcss(), ocrAssets()],
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
