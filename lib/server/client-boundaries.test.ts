// `'use client'` marks where the server's tree hands over to the browser's; everything a client module
// imports is client code already (Next.js: "the directive only needs to be at the entry point"). So the
// directive belongs only on a module some server module imports (or one Next.js itself requires to be a
// client module: `error.tsx`). This walks the import graph of app/, components/ and lib/ from the route
// files (pages, layouts, route handlers…), stopping at each directive, and fails on a directive that no
// server module reaches: it is redundant, and it hides which component really is the boundary.
// It also keeps the share of client `.tsx` files under app/ and components/ (issue #44 item 6 asks for
// ≤ 30 %) from growing: MAX_SHARE may only go down.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { sourceFiles } from '@/lib/testing/source-files';

const ROOT = path.join(__dirname, '..', '..');
const FOLDERS = ['app', 'components', 'lib'];

/**
 * The share of `.tsx` files under app/ and components/ that start with `'use client'`, at most: 121 of 409
 * on 2026-12-07, every one of them a boundary (the test above), the 0.30 issue #44 item 6 asks for.
 */
const MAX_SHARE = 0.3;

/** Files Next.js requires to be client modules, imported by no one. */
const CLIENT_BY_CONVENTION = /(^|\/)(error|global-error)\.tsx$/;
/** The files Next.js itself loads: the server's roots. */
const ROUTE_FILE =
  /(^|\/)(page|layout|template|default|loading|not-found|forbidden|unauthorized|route|sitemap|robots|manifest|icon|apple-icon|opengraph-image|twitter-image)\.tsx?$/;

const relative = (full: string) => path.relative(ROOT, full).split(path.sep).join('/');

/** The directive comes first in the file (comments may precede it). */
const hasUseClient = (text: string) =>
  /^(?:\s*(?:\/\/[^\n]*|\/\*[\s\S]*?\*\/))*\s*['"]use client['"]/.test(text);

/** A project file an import specifier names (`@/…` or relative), or null for a package. */
function resolve(from: string, specifier: string) {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The project files a module imports at run time (type-only imports left out; `import()` counted). */
function runtimeImports(full: string, text: string) {
  const file = ts.createSourceFile(full, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const add = (specifier: string) => {
    const target = resolve(full, specifier);
    if (target) found.push(target);
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) add(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (!node.isTypeOnly) add(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

let graph: { client: Set<string>; imports: Map<string, string[]> } | null = null;
function projectGraph() {
  if (graph) return graph;
  const client = new Set<string>();
  const imports = new Map<string, string[]>();
  for (const full of FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder)))) {
    const text = readFileSync(full, 'utf8');
    if (hasUseClient(text)) client.add(full);
    imports.set(full, runtimeImports(full, text));
  }
  graph = { client, imports };
  return graph;
}

/** Server modules: reached from the route files without passing a client boundary. */
function serverModules() {
  const { client, imports } = projectGraph();
  const server = new Set<string>();
  const queue = [...imports.keys()].filter((full) => ROUTE_FILE.test(relative(full)) && !client.has(full));
  while (queue.length) {
    const full = queue.pop()!;
    if (server.has(full) || client.has(full)) continue;
    server.add(full);
    queue.push(...(imports.get(full) ?? []));
  }
  return server;
}

it("puts 'use client' only where a server module hands over to the browser", () => {
  const { client, imports } = projectGraph();
  const server = serverModules();
  const boundaries = new Set(
    [...server].flatMap((full) => (imports.get(full) ?? []).filter((target) => client.has(target))),
  );
  const redundant = [...client]
    .filter((full) => !boundaries.has(full) && !CLIENT_BY_CONVENTION.test(relative(full)))
    .map((full) => `${relative(full)}: imported by client modules only, the directive is redundant`);
  expect(redundant).toEqual([]);
});

it(`keeps client components at most ${MAX_SHARE * 100} % of app/ and components/ .tsx files`, () => {
  const files = ['app', 'components'].flatMap((folder) =>
    sourceFiles(path.join(ROOT, folder)).filter((full) => full.endsWith('.tsx')),
  );
  const client = files.filter((full) => hasUseClient(readFileSync(full, 'utf8')));
  expect(client.length / files.length).toBeLessThanOrEqual(MAX_SHARE);
});

it('recognises the directive after comments, not inside code', () => {
  expect(hasUseClient("'use client';\nimport x from 'y';")).toBe(true);
  expect(hasUseClient("// A button.\n// Two lines.\n'use client';\n")).toBe(true);
  expect(hasUseClient('"use client"\n')).toBe(true);
  expect(hasUseClient("import x from 'y';\nconst s = 'use client';")).toBe(false);
});
