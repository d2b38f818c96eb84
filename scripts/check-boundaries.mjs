#!/usr/bin/env node
// The module boundaries of docs/architecture.md, checked on every `npm run lint` (ADR 0400):
//   1. Server: code outside apps/server/src/modules/<area>/ reaches that area only through its
//      public files: index.ts (services and types) for everyone, routes.ts (its HTTP plugin) for
//      app.ts, admin-commands.ts (operator commands) for the CLI and tests, testing.ts (fixtures)
//      for tests and benchmarks.
//   2. Server: the modules' import graph (test files left out) has no cycle.
//   3. Server: files that declare HTTP routes hold no SQL (it lives in repositories).
//   4. Web: no feature imports another feature; app/ composes them.
//   5. Server: each table of the migrations has one owning module (TABLE_OWNERS); a module's SQL
//      (raw statements and drizzle tables) writes only its own tables, and reads another module's
//      only where READ_ALLOWANCES says why. Other reads call the owner's index (a function, or a
//      SQL fragment the owner exports, so the statement and its transaction stay one).
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

/**
 * The module that owns each table: the only one whose SQL writes it, and the one others ask to read
 * it. Patterns end in `*` for a prefix. Every table a migration creates must match exactly one
 * entry (a new table without an owner fails the check), and each owner must be a module.
 */
export const TABLE_OWNERS = {
  site: ['tenants', 'support_lines'],
  statistics: ['client_events'],
  auth: ['users', 'sessions', 'captchas', 'invite_codes'],
  files: ['user_image'],
  content: ['banners', 'announcements', 'announcement_reads', 'user_messages', 'content_articles'],
  lottery: ['lotteries'],
  wallet: ['wallet_account', 'ledger_*'],
  payment: [
    'payment_channel',
    'wallet_setting',
    'deposit_order',
    'deposit_proof_image',
    'payment_callback_nonce',
    'withdraw_flow_requirement',
    'withdraw_order',
  ],
  security: [
    'user_security',
    'verification_code',
    'outbox_message',
    'password_reset_token',
    'payout_account',
  ],
  verification: ['manual_verification'],
  draw: ['draw_*'],
  betting: ['bet', 'bet_line', 'chase', 'fast_*'],
  chat: ['chat_*'],
  redenvelope: ['red_envelope*'],
  activity: ['activity', 'activity_*', 'vip_*'],
  discovery: ['discovery_*'],
  yuebao: ['yuebao_*'],
  agent: ['agent_*', 'user_type_rebate', 'invite_code_type_rebate'],
  games: ['game_*'],
  'embed-chat': ['embed_chat_*'],
  staff: ['staff', 'staff_*'],
  audit: ['audit_log'],
  'players-desk': ['player_note'],
  'finance-desk': ['finance_*'],
};

/**
 * Reads of another module's table kept in SQL: `table: { readers, why }`. Every other read calls the
 * owner's index. An entry is either a join that routing would only make slower (a report or a
 * set-based statement that must stay one statement) or a debt named as such; shrink it, never
 * widen it without a reason.
 */
export const READ_ALLOWANCES = {
  ledger_entry: {
    readers: ['agent', 'discovery', 'records', 'players-desk'],
    why: 'reports over a day of entries (agent team figures, the daily profit rank, 今日已结/返水明细) group every player at once in one statement',
  },
  ledger_txn: {
    readers: ['records'],
    why: 'records name the lottery of each entry from its transaction, per row of the same join',
  },
  wallet_account: {
    readers: ['agent', 'betting', 'chat', 'discovery', 'games', 'records', 'yuebao', 'players-desk'],
    why: 'the player ↔ account mapping inside set-based statements (settlement, reports, locks taken in the ledger order); debt: a wallet SQL fragment',
  },
  users: {
    readers: [
      'activity',
      'agent',
      'betting',
      'chat',
      'content',
      'discovery',
      'embed-chat',
      'games',
      'redenvelope',
      'verification',
      'players-desk',
      'finance-desk',
    ],
    why: 'names, tree and status joined into lists and locked with the row they guard; debt: an auth fragment for the identity columns',
  },
  bet: {
    readers: ['activity', 'agent', 'chat', 'discovery', 'records', 'players-desk'],
    why: 'turnover and winners summed over every bet of a period (growth, team reports, rank, shared slips); debt for chat',
  },
  game_bet: {
    readers: ['agent', 'players-desk'],
    why: 'team reports sum table-game bets beside lottery bets in one statement',
  },
  game_turnover: {
    readers: ['activity', 'payment'],
    why: 'turnover summed with lottery wagers for growth and withdrawal requirements; debt',
  },
  agent_tree: {
    readers: ['betting', 'games', 'players-desk'],
    why: 'set-based rebate settlement pays every ancestor of an issue in one statement',
  },
  user_type_rebate: {
    readers: ['betting'],
    why: 'set-based settlement prices each bet with its per-type rebate in the same statement',
  },
  draw_issue: {
    readers: ['betting', 'chat', 'lottery'],
    why: 'settlement and push plans join results; lottery (long dragon) sits below draw',
  },
  lotteries: {
    readers: ['betting'],
    why: 'placement reads the stop flag and standing joins the catalogue row; debt',
  },
  sessions: {
    readers: ['agent', 'chat', 'players-desk'],
    why: 'online flags of a page of users, revocations of open sockets; debt: an auth function',
  },
  tenants: {
    readers: ['chat', 'discovery', 'games', 'payment'],
    why: 'tenant id by code in operator commands and jobs; debt: findTenant from site',
  },
  user_security: {
    readers: ['players-desk'],
    why: 'the players desk finds accounts by phone or e-mail and shows them on the player page, joined to users',
  },
  chase: {
    readers: ['players-desk'],
    why: "keyset pages of one player's chases for the players desk; debt: a keyset listing in betting's index",
  },
  bet_line: {
    readers: ['players-desk'],
    why: "hedge detection pairs a player's opposite lines of one play and issue in one bounded statement",
  },
  deposit_order: {
    readers: ['finance-desk', 'players-desk'],
    why: "the console's deposit lists filter and keyset-page every order with the player's name in one statement (the players desk: one player's orders); money moves only through payment's services",
  },
  withdraw_order: {
    readers: ['finance-desk', 'players-desk'],
    why: "the console's withdrawal queue and lists join the four-eyes approval and the player's name in one statement (the players desk: one player's orders); money moves only through payment's services",
  },
  payout_account: {
    readers: ['payment'],
    why: 'a withdrawal holds its payout account (FOR KEY SHARE) in its transaction',
  },
};

/**
 * Writes of another module's table still in SQL: `'module table': why`. Each is a debt to route
 * through the owner's index in the caller's transaction.
 */
export const WRITE_ALLOWANCES = {
  'agent invite_codes':
    'agents create and delete their codes; auth reads them at registration (debt: move to auth)',
  'betting wallet_account':
    'placement creates the player account inside the bet transaction (debt: wallet playerAccount with tx)',
  'betting draw_issue':
    "settlement stamps the issue settled in the settling transaction (debt: draw's index)",
  'chat red_envelope':
    'the envelope is linked to its chat message in the send transaction; chat sits below redenvelope',
  'content tenants': "a page change bumps the tenant's page stamp in its transaction (debt: site's index)",
  'lottery tenants': "the catalogue sync bumps the lottery-order stamp (debt: site's index)",
  'finance-desk payment_channel':
    "the console's channel settings (enable, limits, order) change under the row's lock with their audit row (debt: a payment settings writer)",
};

const MIGRATIONS = 'apps/server/src/db/migrations/';
const SCHEMA = 'apps/server/src/db/schema/';
const CREATE_TABLE = /\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?([a-z_][a-z0-9_]*)/gi;
const TABLE_USE =
  /\b(delete\s+from|insert\s+into|update|truncate(?:\s+table)?|from|join)\s+(?:only\s+)?([a-z_][a-z0-9_]*)/gi;
const PG_TABLE = /export\s+const\s+(\w+)\s*=\s*pgTable\(\s*['"]([a-z_0-9]+)['"]/g;

const ownerPattern = (pattern, table) =>
  pattern.endsWith('*') ? table.startsWith(pattern.slice(0, -1)) : pattern === table;

/** table → owning module, from the migrations' CREATE TABLEs and TABLE_OWNERS; problems named. */
function tableOwners(files, modules) {
  const owners = new Map();
  const problems = [];
  for (const [path, text] of files) {
    if (!path.startsWith(MIGRATIONS) || !path.endsWith('.sql')) continue;
    for (const [, name] of text.matchAll(CREATE_TABLE)) {
      const table = name.toLowerCase();
      const claims = Object.entries(TABLE_OWNERS)
        .filter(([, patterns]) => patterns.some((p) => ownerPattern(p, table)))
        .map(([area]) => area);
      if (claims.length === 1) {
        owners.set(table, claims[0]);
        if (!modules.has(claims[0])) problems.push(`table ${table}'s owner ${claims[0]} is not a module`);
      } else
        problems.push(
          `table ${table} (${path}) has ${claims.length ? `several owners: ${claims.join(', ')}` : 'no owner'} in TABLE_OWNERS`,
        );
    }
  }
  return { owners, problems };
}

/** Every string and template text of a file: where its SQL is, whichever helper runs it. */
function literalTexts(path, text) {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  const texts = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      texts.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/** The tables a file's SQL reads and writes: raw statements, and drizzle tables from db/schema. */
export function tablesUsed(path, text, known, drizzleTables) {
  const reads = new Set();
  const writes = new Set();
  for (const literal of literalTexts(path, text)) {
    for (const [, verb, name] of literal.replace(/--[^\n]*/g, '').matchAll(TABLE_USE)) {
      const table = name.toLowerCase();
      if (!known.has(table)) continue;
      if (/^(from|join)$/i.test(verb)) reads.add(table);
      else writes.add(table);
    }
  }
  for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
    if (!/\/db\/schema\//.test(fileName)) continue;
    const imported = text.match(
      new RegExp(
        `import\\s*(?:type\\s*)?\\{([^}]*)\\}\\s*from\\s*['"]${fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]`,
      ),
    );
    for (const part of imported?.[1].split(',') ?? []) {
      const local = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      const table = drizzleTables.get(part.trim().split(/\s+as\s+/)[0]);
      if (!table || !local || part.trim().startsWith('type ')) continue;
      const written = new RegExp(`\\.(insert|update|delete)\\(\\s*${local}\\s*\\)`).test(text);
      (written ? writes : reads).add(table);
    }
  }
  return { reads, writes };
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
  const figures = {
    deepImports: 0,
    moduleCycles: 0,
    sqlInRouteFiles: 0,
    featureImports: 0,
    cliImports: 0,
    foreignTableWrites: 0,
    foreignTableReads: 0,
    allowedTableUses: 0,
  };
  const graph = new Map(); // area → Map(area → first importing file)
  const modules = new Set(
    [...files.keys()].map((path) => moduleOf(path, SERVER_MODULES)?.area).filter(Boolean),
  );
  const { owners, problems } = tableOwners(files, modules);
  violations.push(...problems);
  const drizzleTables = new Map();
  for (const [path, text] of files) {
    if (path.startsWith(SCHEMA))
      for (const [, name, table] of text.matchAll(PG_TABLE)) drizzleTables.set(name, table);
  }

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

      if (fromModule && !isTestLike(path) && target.startsWith('apps/server/src/cli/')) {
        figures.cliImports += 1;
        violations.push(
          `module imports the CLI: ${path} → ${target} (operator commands live in admin-commands.ts)`,
        );
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

  for (const [path, text] of files) {
    const fromModule = moduleOf(path, SERVER_MODULES);
    if (!fromModule || !/\.tsx?$/.test(path) || isTestLike(path)) continue;
    const { reads, writes } = tablesUsed(path, text, owners, drizzleTables);
    for (const table of writes) {
      const owner = owners.get(table);
      if (owner === fromModule.area) continue;
      if (WRITE_ALLOWANCES[`${fromModule.area} ${table}`]) {
        figures.allowedTableUses += 1;
        continue;
      }
      figures.foreignTableWrites += 1;
      violations.push(
        `write of another module's table: ${path} writes ${table} (owned by ${owner}; call its index)`,
      );
    }
    for (const table of reads) {
      const owner = owners.get(table);
      if (owner === fromModule.area || writes.has(table)) continue;
      if (READ_ALLOWANCES[table]?.readers.includes(fromModule.area)) {
        figures.allowedTableUses += 1;
        continue;
      }
      figures.foreignTableReads += 1;
      violations.push(
        `read of another module's table: ${path} reads ${table} (owned by ${owner}; call its index)`,
      );
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
      } else if (SOURCE.test(entry.name) || (path.startsWith(MIGRATIONS) && entry.name.endsWith('.sql'))) {
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
      `${figures.sqlInRouteFiles} route files with SQL, ${figures.featureImports} feature-to-feature imports, ` +
      `${figures.cliImports} module imports of the CLI, ${figures.foreignTableWrites} writes and ` +
      `${figures.foreignTableReads} reads of another module's table (${figures.allowedTableUses} allowed uses)`,
  );
  process.exitCode = violations.length ? 1 : 0;
}
