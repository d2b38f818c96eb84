import { cpSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import serverPackage from './package.json' with { type: 'json' };

/**
 * The production server build (issue 10): `npm run build:server` bundles apps/server/src and the
 * workspace packages it imports (@lottery/rules, @lottery/contract: TypeScript sources) into plain
 * ES modules in apps/server/dist, with source maps. Third-party packages stay in node_modules, so
 * native ones (argon2, sharp) load as usual. dist sits beside src, so paths the code builds from
 * import.meta.url (../assets, ../../web/dist) still resolve; the SQL migrations are copied next to
 * the bundle, where the migrator looks for them.
 */
const here = fileURLToPath(new URL('.', import.meta.url));
const dependencies = Object.keys(serverPackage.dependencies);
const external = (id: string) =>
  id.startsWith('node:') ||
  builtinModules.includes(id) ||
  dependencies.some((name) => id === name || id.startsWith(`${name}/`));

function copyMigrations(): Plugin {
  return {
    name: 'copy-migrations',
    writeBundle() {
      const target = `${here}dist/migrations`;
      rmSync(target, { recursive: true, force: true });
      cpSync(`${here}src/db/migrations`, target, { recursive: true });
    },
  };
}

export default defineConfig({
  root: here,
  logLevel: 'warn',
  plugins: [copyMigrations()],
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    rolldownOptions: {
      input: { main: 'src/main.ts', cluster: 'src/cluster.ts' },
      external,
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
  ssr: { target: 'node', noExternal: [/^@lottery\//] },
});
