import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The operator console: built into apps/console/dist and served by the server under /console/
 * (apps/server/src/plugins/console-static.ts, docs/console.md "Serving and CSP").
 */

// The server that `npm run dev -w @lottery/console` forwards the console's calls to.
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

/**
 * The placeholder of the page's CSP nonce. Vite writes it into a `<meta property="csp-nonce">` and
 * onto the tags it adds; the server replaces it with a fresh nonce in every copy of index.html it
 * sends, and names the same nonce in that answer's style-src. antd's CSS-in-JS reads it from the meta
 * (src/app/csp-nonce.ts) and puts it on every <style> it writes.
 */
export const CSP_NONCE_PLACEHOLDER = '__CONSOLE_CSP_NONCE__';

// --- nonce on rc-util's own <style> elements ----------------------------------------------------
// antd passes ConfigProvider's `csp.nonce` to its CSS-in-JS, but @rc-component's scroll locker (a
// Modal or Drawer opening) and scrollbar measure call rc-util's updateCSS without one, and a strict
// style-src refuses those <style> elements. Every import of rc-util's dynamicCSS from a package
// goes to src/app/dynamic-css.ts instead, which adds the page's nonce and calls the original.
const DYNAMIC_CSS = /[\\/]@rc-component[\\/]util[\\/](?:es|lib)[\\/]Dom[\\/]dynamicCSS\.js$/;
const WRAPPER = fileURLToPath(new URL('./src/app/dynamic-css.ts', import.meta.url));

function nonceOnDynamicCss(): Plugin {
  return {
    name: 'console:nonce-on-dynamic-css',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || importer === WRAPPER || !/dynamicCSS/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && DYNAMIC_CSS.test(resolved.id) ? WRAPPER : null;
    },
  };
}
// --- end of nonce on rc-util's <style> elements -------------------------------------------------

// --- production react-router ---------------------------------------------------------------------
// react-router's package.json sends every bundler to dist/development (its warnings on); the build
// takes dist/production, the same API (as apps/web/vite.config.ts does). The dev server keeps them.
function productionReactRouter(): Plugin {
  return {
    name: 'console:production-react-router',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved
        ? { ...resolved, id: resolved.id.replace(/([\\/])development([\\/])/, '$1production$2') }
        : null;
    },
  };
}
// --- end of production react-router --------------------------------------------------------------

const NAMED_GROUPS = new Set(['zod', 'react']);

export default defineConfig({
  base: '/console/',
  plugins: [react(), nonceOnDynamicCss(), productionReactRouter()],
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  server: {
    port: 5174,
    proxy: { '/console/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      output: {
        // pages and the named groups keep their names; a chunk the splitting shares between pages
        // would be named after one of its modules (errors.ts), which says nothing about it
        chunkFileNames: (chunk) =>
          chunk.isDynamicEntry || NAMED_GROUPS.has(chunk.name)
            ? 'assets/[name]-[hash].js'
            : 'assets/shared-[hash].js',
        // React, the router and TanStack Query as one chunk that every page starts with; antd's
        // components split as the pages use them (tables, selects and modals load with the desks)
        codeSplitting: {
          groups: [
            // zod, and the module that turns its JIT off (src/app/zod-jitless.ts) right after it: the
            // chunk runs whole before any chunk that builds a schema from the contract
            { name: 'zod', priority: 30, test: /node_modules[\\/]zod[\\/]|src[\\/]app[\\/]zod-jitless\.ts$/ },
            {
              name: 'react',
              priority: 20,
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
