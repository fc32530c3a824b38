// A screen sends through one hook, `useFormPost` (lib/http/use-form-post.ts, a TanStack Query mutation):
// it knows when the send is pending, shows the API's translated refusal, toasts and re-reads the page on
// success (issue #44). A screen that keeps its own pending flag instead (`setBusy(true)`, then awaited
// work, then `setBusy(false)`) repeats that by hand, and each copy forgets a different part (the refusal,
// the double click, the reset after an error). This walks every source file under app/ and components/ and
// fails on a boolean `useState` flag that a function sets to true and then awaits something (`await`,
// `.then`, `.finally`) after it: the shape of a hand-kept pending flag. The few left are listed below with
// why (reads, not sends); the list may only shrink (a stale entry fails too). Nor does a screen call
// TanStack's `useMutation` itself: useFormPost is that mutation, with the refusal and refresh done once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { sourceFiles } from '@/lib/testing/source-files';

const ROOT = path.join(__dirname, '..', '..');

/** `file: flag` of the flags still kept by hand, and why. */
const LEFT: Record<string, string> = {
  'app/[locale]/(portal)/(side)/live/more-posts.tsx: loading':
    "a read, not a send: the next page of an anchor's posts (useInfiniteQuery's job, with the server page)",
  'app/[locale]/(portal)/video-classify/classify-menu.tsx: searching':
    'a read, not a send: the debounced category search as the reader types (a query keyed on the words)',
  'components/live/chat/use-chat-feed.ts: loadingOlder':
    'a read, not a send: older chat lines merged into the live feed the room pushes into',
};

type FunctionLike = ts.ArrowFunction | ts.FunctionExpression | ts.FunctionDeclaration | ts.MethodDeclaration;
const isFunction = (node: ts.Node): node is FunctionLike =>
  ts.isArrowFunction(node) ||
  ts.isFunctionExpression(node) ||
  ts.isFunctionDeclaration(node) ||
  ts.isMethodDeclaration(node);

/** The setters of `const [flag, setFlag] = useState(false)` in a file, with their flag's name. */
function booleanStates(file: ts.SourceFile) {
  const setters = new Map<string, string>();
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isArrayBindingPattern(node.name) &&
      node.name.elements.length === 2 &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      /(^|\.)useState$/.test(node.initializer.expression.getText(file)) &&
      node.initializer.arguments.length === 1 &&
      node.initializer.arguments[0].kind === ts.SyntaxKind.FalseKeyword
    ) {
      const [flag, setter] = node.name.elements;
      if (ts.isBindingElement(flag) && ts.isBindingElement(setter)) {
        setters.set(setter.name.getText(file), flag.name.getText(file));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return setters;
}

const setsTrue = (node: ts.Node, setter: string) =>
  ts.isCallExpression(node) &&
  ts.isIdentifier(node.expression) &&
  node.expression.text === setter &&
  node.arguments[0]?.kind === ts.SyntaxKind.TrueKeyword;

const waits = (node: ts.Node) =>
  ts.isAwaitExpression(node) ||
  (ts.isPropertyAccessExpression(node) && ['then', 'finally'].includes(node.name.text));

/** `file: flag` (line) for each boolean state set true by a function that then waits on something. */
function handKeptPendingFlags(fileName: string, text: string) {
  // Only a file with a boolean state is worth parsing.
  if (!/useState(<boolean>)?\(false\)/.test(text)) return [];
  const file = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const setters = booleanStates(file);
  const found: { key: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (isFunction(node) && node.body) {
      const body = node.body;
      for (const [setter, flag] of setters) {
        let on: ts.Node | null = null;
        // Set in this function itself, not in a callback inside it.
        const direct = (child: ts.Node) => {
          if (on || (child !== body && isFunction(child))) return;
          if (setsTrue(child, setter)) on = child;
          else ts.forEachChild(child, direct);
        };
        direct(body);
        if (!on) continue;
        const from = (on as ts.Node).getStart(file);
        let waited = false;
        const after = (child: ts.Node) => {
          if (waited) return;
          if (child.getStart(file) > from && waits(child)) waited = true;
          else ts.forEachChild(child, after);
        };
        after(body);
        if (waited) {
          found.push({
            key: `${fileName}: ${flag}`,
            line: file.getLineAndCharacterOfPosition(from).line + 1,
          });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

let scanned: { key: string; line: number }[] | null = null;
function flagsInScreens() {
  scanned ??= ['app', 'components'].flatMap((folder) =>
    sourceFiles(path.join(ROOT, folder)).flatMap((full) =>
      handKeptPendingFlags(path.relative(ROOT, full).split(path.sep).join('/'), readFileSync(full, 'utf8')),
    ),
  );
  return scanned;
}

it('no screen keeps its own pending flag around a send (useFormPost does)', () => {
  const found = flagsInScreens()
    .filter(({ key }) => !LEFT[key])
    .map(({ key, line }) => `${key} (line ${line}): send it with useFormPost (lib/http/use-form-post.ts)`);
  expect(found).toEqual([]);
});

it('every flag left by hand is still there (the list holds no stale entry)', () => {
  const keys = new Set(flagsInScreens().map(({ key }) => key));
  expect(Object.keys(LEFT).filter((key) => !keys.has(key))).toEqual([]);
});

/** Screens that still call TanStack's `useMutation` themselves, and why. */
const OWN_MUTATIONS: Record<string, string> = {};

it('no screen builds its own mutation beside useFormPost (one send, one refusal path)', () => {
  const own = ['app', 'components'].flatMap((folder) =>
    sourceFiles(path.join(ROOT, folder))
      .map((full) => path.relative(ROOT, full).split(path.sep).join('/'))
      .filter((name) => /\buseMutation\(/.test(readFileSync(path.join(ROOT, name), 'utf8'))),
  );
  expect(own.filter((name) => !OWN_MUTATIONS[name])).toEqual([]);
  expect(Object.keys(OWN_MUTATIONS).filter((name) => !own.includes(name))).toEqual([]);
});

it('recognises a hand-kept flag and lets a dialog toggle be', () => {
  const screen = `
    function Form() {
      const [busy, setBusy] = useState(false);
      const [open, setOpen] = useState(false);
      const send = async () => {
        setBusy(true);
        try { await api.post('api/x'); setOpen(false); } finally { setBusy(false); }
      };
      const later = () => { setBusy(true); api.post('api/y').then(() => setBusy(false)); };
      return <button onClick={() => setOpen(true)} disabled={busy} />;
    }`;
  expect(handKeptPendingFlags('form.tsx', screen).map(({ key, line }) => `${key}:${line}`)).toEqual([
    'form.tsx: busy:6',
    'form.tsx: busy:9',
  ]);
});
