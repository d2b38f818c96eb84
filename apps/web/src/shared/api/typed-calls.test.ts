// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 38 §1: every web call goes through `call(Endpoint, input)` (call.ts), so no feature spells a
 * server path. This test reads every file under src/features/ and fails on a call made by string:
 *
 * 1. a literal `/v1/` anywhere in a string (the enpath URL is client.ts's business);
 * 2. `request`, `requestEnvelope`, `sendSilently` (shared/api/client) or `uploadFile`
 *    (shared/api/upload) called with a literal path (a string, a template, a concatenation);
 * 3. a string equal to the path of a contract endpoint, wherever it is (a path kept in a variable
 *    or passed through a helper is still a path spelled by hand). The one place allowed: the `path`
 *    of an object declared with the contract endpoint's own type (`const X: typeof Api.call = {…}`),
 *    how a first-screen call names its endpoint without loading the contract's schemas (zod); a
 *    test next to it holds it equal to the contract's.
 */

const CLIENT_CALLS: Record<string, readonly string[]> = {
  'shared/api/client': ['request', 'requestEnvelope', 'sendSilently'],
  'shared/api/upload': ['uploadFile'],
};

interface StringPathCall {
  file: string;
  line: number;
  text: string;
  rule: 'v1' | 'literal-path' | 'contract-path';
}

/** Every path of every endpoint in packages/contract (objects with method, path and summary). */
function contractPaths(): Set<string> {
  const modules = import.meta.glob<Record<string, unknown>>(
    ['../../../../../packages/contract/src/*.ts', '!../../../../../packages/contract/src/*.test.ts'],
    { eager: true },
  );
  const paths = new Set<string>();
  const isEndpoint = (v: unknown): v is { path: string } =>
    typeof v === 'object' &&
    v !== null &&
    typeof (v as { path?: unknown }).path === 'string' &&
    ((v as { method?: unknown }).method === 'GET' || (v as { method?: unknown }).method === 'POST');
  for (const exports of Object.values(modules))
    for (const value of Object.values(exports)) {
      if (typeof value !== 'object' || value === null) continue;
      for (const entry of Object.values(value)) if (isEndpoint(entry)) paths.add(entry.path);
    }
  return paths;
}

const isLiteralPath = (node: ts.Expression): boolean => {
  if (ts.isParenthesizedExpression(node)) return isLiteralPath(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node))
    return true;
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
    return isLiteralPath(node.left) || isLiteralPath(node.right);
  if (ts.isConditionalExpression(node)) return isLiteralPath(node.whenTrue) || isLiteralPath(node.whenFalse);
  return false;
};

/** `path: '…'` of `const X: typeof Api.call = { … }`: an endpoint named by the contract's type. */
const isTypedEndpointPath = (node: ts.Node): boolean => {
  const property = node.parent;
  if (!property || !ts.isPropertyAssignment(property) || property.name.getText() !== 'path') return false;
  const object = property.parent;
  const declaration = object?.parent;
  return (
    ts.isObjectLiteralExpression(object) &&
    declaration !== undefined &&
    ts.isVariableDeclaration(declaration) &&
    declaration.type !== undefined &&
    ts.isTypeQueryNode(declaration.type)
  );
};

/** The calls of `source` (a file under features/) that reach the server by a string path. */
function findStringPathCalls(
  file: string,
  source: string,
  knownPaths: ReadonlySet<string>,
): StringPathCall[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: StringPathCall[] = [];
  const report = (node: ts.Node, rule: StringPathCall['rule']) =>
    found.push({
      file,
      line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
      text: node.getText(sf).slice(0, 120),
      rule,
    });

  // local names of the client's string-path functions, aliases included
  const clientNames = new Set<string>();
  for (const statement of sf.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const from = statement.moduleSpecifier.text;
    const names = Object.entries(CLIENT_CALLS).find(([module]) => from.endsWith(module))?.[1];
    const bindings = statement.importClause?.namedBindings;
    if (!names || !bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      const imported = (element.propertyName ?? element.name).text;
      if (names.includes(imported)) clientNames.add(element.name.text);
    }
  }

  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (node.text.includes('/v1/')) report(node, 'v1');
      else if (knownPaths.has(node.text) && !isTypedEndpointPath(node)) report(node, 'contract-path');
    } else if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
      if (parts.some((part) => part.includes('/v1/'))) report(node, 'v1');
    } else if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      clientNames.has(node.expression.text) &&
      node.arguments[0] !== undefined &&
      isLiteralPath(node.arguments[0])
    ) {
      report(node, 'literal-path');
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

const FEATURES = fileURLToPath(new URL('../../features/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the string-path scanner', () => {
  const known = new Set(['users/info', 'chat/addMessage']);
  const client = "import { request, requestEnvelope as envelope } from '../../../shared/api/client';\n";
  const scan = (code: string) => findStringPathCalls('x.ts', code, known).map((f) => f.rule);

  it('flags a client call with a literal path, aliased or built from a template', () => {
    expect(scan(`${client}request('users/anything');`)).toEqual(['literal-path']);
    expect(scan(`${client}const room = 'r'; envelope(\`chat/\${room}\`, {});`)).toEqual(['literal-path']);
    expect(scan(`${client}request(guest ? 'a/b' : X.path);`)).toEqual(['literal-path']);
    expect(
      scan("import { uploadFile } from '../../../shared/api/upload';\nuploadFile('files/x', blob, 'a');"),
    ).toEqual(['literal-path']);
  });

  it("flags '/v1/' in any string", () => {
    expect(scan("fetch('/v1/enpath/dXNlcnMvaW5mbw==');")).toEqual(['v1']);
    expect(scan(`const url = \`\${origin}/v1/\${p}\`;`)).toEqual(['v1']);
  });

  it("flags a contract endpoint's path kept in a variable or passed to a helper", () => {
    expect(scan(`${client}const path = 'users/info';\nrequest(path);`)).toEqual(['contract-path']);
    expect(scan("page('chat/addMessage', 1);")).toEqual(['contract-path']);
  });

  it('passes typed calls, the endpoint path, and an endpoint declared with the contract type', () => {
    expect(scan(`${client}call(ChatApi.addMessage, { roomCode });`)).toEqual([]);
    expect(scan(`${client}envelope(ChatApi.addMessage.path, { form });`)).toEqual([]);
    expect(
      scan("const Info: typeof AccountApi.info = { method: 'GET', path: 'users/info', summary: '' };"),
    ).toEqual([]);
    // the same object without the contract's type is a path spelled by hand
    expect(scan("const Info = { method: 'GET', path: 'users/info', summary: '' };")).toEqual([
      'contract-path',
    ]);
    expect(scan("import { request } from '../somewhere-else';\nrequest('users/info');")).toEqual([
      'contract-path',
    ]);
  });
});

describe('web features and the typed client', () => {
  it('knows the contract: it found the endpoints to compare with', () => {
    const paths = contractPaths();
    expect(paths.size).toBeGreaterThan(150);
    expect(paths.has('chat/addMessage')).toBe(true);
  });

  it('no file under src/features/ calls the server with a string path (use call(Endpoint, input))', () => {
    const known = contractPaths();
    const found = sourceFiles(FEATURES).flatMap((path) =>
      findStringPathCalls(relative(FEATURES, path), readFileSync(path, 'utf8'), known),
    );
    expect(found.map((f) => `features/${f.file}:${f.line} [${f.rule}] ${f.text}`)).toEqual([]);
  });
});
