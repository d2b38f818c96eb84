#!/usr/bin/env node
// The module boundaries of docs/architecture.md, checked on every `npm run lint` (ADR 0001):
//   1. Server: code outside apps/server/src/modules/<area>/ reaches that area only through its
//      public files: index.ts (services and types) for everyone, routes.ts (its HTTP plugin) for
//      app.ts, admin-commands.ts (operator commands) for the CLI and tests, testing.ts (fixtures)
//      for tests and benchmarks.
//   2. Server: the modules' import graph (test files left out) has no cycle.
//   3. Server: files that declare HTTP routes hold no SQL (it lives in repositories).
//   4. Web: no feature imports another feature; app/ composes them.
// Prints the figures and every violation; exits 1 on any.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mjs)$/;

/** A test, a fixture module or a benchmark: may use testing.ts surfaces; its imports make no module cycle. */
export const isTestLike = (path) =>
  /\.(test|e2e)\.tsx?$/.test(path) ||
  path.startsWith('bench/') ||
  path.startsWith('e2e/') ||
  path.startsWith('apps/server/src/test/') ||
  /^apps\/server\/src\/modules\/[^/]+\/(testing|[^/]*fixture)\.ts$/.test(path);

const SERVER_MODULES = 'apps/server/src/modules/';
const WEB_FEATURES = 'apps/web/src/features/';

/** `apps/server/src/modules/wallet/ledger.ts` → `{ area: 'wallet', inner: 'ledger.ts' }`. */
function moduleOf(path, prefix) {
  if (!path.startsWith(prefix)) return undefined;
  const [area, ...rest] = path.slice(prefix.length).split('/');
  return rest.length ? { area, inner: rest.join('/') } : undefined;
}

/** Resolves a relative specifier to a repository path with its extension (index files included). */
function resolveSpecifier(from, specifier, exists) {
  const base = join(dirname(from), specifier).split(sep).join('/');
  const stem = base.replace(/\.(js|ts|tsx|mjs)$/, '');
  for (const candidate of [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mjs`,
    `${stem}/index.ts`,
    `${stem}/index.tsx`,
  ]) {
    if (exists(candidate)) return candidate;
  }
  return undefined;
}

const ROUTE_DECLARATION = /\broute\(\s*app\b|\bcachedRoute\(|\bapp\.(get|post|put|delete|patch|route)\(/;
const SQL_IN_FILE =
  /\bsql`|\bsql\.raw\(|\bqueryRows\(|\bqueryOne\(|\.execute\(|\bdb\.(select|insert|update|delete)\(/;

/**
 * @param files Map of repository path → source text.
 * @returns figures and violations (strings).
 */
export function checkBoundaries(files) {
  const exists = (path) => files.has(path);
  const violations = [];
  const figures = { deepImports: 0, moduleCycles: 0, sqlInRouteFiles: 0, featureImports: 0 };
  const graph = new Map(); // area → Map(area → first importing file)

  for (const [path, text] of files) {
    if (!SOURCE.test(path)) continue;
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const fromModule = moduleOf(path, SERVER_MODULES);
    const fromFeature = moduleOf(path, WEB_FEATURES);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveSpecifier(path, fileName, exists);
      if (!target) continue;

      const toModule = moduleOf(target, SERVER_MODULES);
      if (toModule && toModule.area !== fromModule?.area) {
        const publicFile =
          toModule.inner === 'index.ts' ||
          (toModule.inner === 'testing.ts' && isTestLike(path)) ||
          (toModule.inner === 'routes.ts' && path === 'apps/server/src/app.ts') ||
          (toModule.inner === 'admin-commands.ts' &&
            (path.startsWith('apps/server/src/cli/') || isTestLike(path)));
        if (!publicFile) {
          figures.deepImports += 1;
          violations.push(`deep import: ${path} → ${target} (use modules/${toModule.area}/index.ts)`);
        }
        if (fromModule && !isTestLike(path)) {
          const edges = graph.get(fromModule.area) ?? new Map();
          if (!edges.has(toModule.area)) edges.set(toModule.area, path);
          graph.set(fromModule.area, edges);
        }
      }

      const toFeature = moduleOf(target, WEB_FEATURES);
      if (fromFeature && toFeature && toFeature.area !== fromFeature.area) {
        figures.featureImports += 1;
        violations.push(`feature import: ${path} → ${target} (compose in apps/web/src/app/)`);
      }
    }
    if (fromModule && !isTestLike(path) && ROUTE_DECLARATION.test(text) && SQL_IN_FILE.test(text)) {
      figures.sqlInRouteFiles += 1;
      violations.push(`SQL in a route file: ${path} (move it to the module's repository)`);
    }
  }

  for (const cycle of findCycles(graph)) {
    figures.moduleCycles += 1;
    const via = cycle.map((area, i) => `${area} (${graph.get(area).get(cycle[(i + 1) % cycle.length])})`);
    violations.push(`module cycle: ${[...cycle, cycle[0]].join(' → ')}; imports: ${via.join(', ')}`);
  }
  return { figures, violations };
}

/** Every elementary cycle's first appearance in a depth-first walk (enough to name each one). */
function findCycles(graph) {
  const cycles = [];
  const seen = new Set();
  const stack = [];
  const walk = (area) => {
    const at = stack.indexOf(area);
    if (at >= 0) {
      const cycle = stack.slice(at);
      const key = [...cycle].sort().join(',');
      if (!seen.has(key)) {
        seen.add(key);
        cycles.push(cycle);
      }
      return;
    }
    stack.push(area);
    for (const next of graph.get(area)?.keys() ?? []) walk(next);
    stack.pop();
  };
  for (const area of graph.keys()) walk(area);
  return cycles;
}

function readTree(root, dirs) {
  const files = new Map();
  const visit = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') visit(path);
      } else if (SOURCE.test(entry.name)) {
        files.set(path, readFileSync(join(root, path), 'utf8'));
      }
    }
  };
  for (const dir of dirs) visit(dir);
  return files;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = relative(process.cwd(), fileURLToPath(new URL('..', import.meta.url))) || '.';
  const { figures, violations } = checkBoundaries(
    readTree(root, ['apps/server/src', 'apps/web/src', 'bench', 'e2e']),
  );
  for (const line of violations) console.error(line);
  console.log(
    `boundaries: ${figures.deepImports} deep imports, ${figures.moduleCycles} module cycles, ` +
      `${figures.sqlInRouteFiles} route files with SQL, ${figures.featureImports} feature-to-feature imports`,
  );
  process.exitCode = violations.length ? 1 : 0;
}
