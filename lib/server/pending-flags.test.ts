// A screen sends through one hook, `useFormPost` (lib/http/use-form-post.ts, a TanStack Query mutation):
// it knows when the send is pending, shows the API's translated refusal, toasts and re-reads the page on
// success (issue #44). A screen that keeps its own pending flag instead (`setBusy(true)`, then awaited
// work, then `setBusy(false)`) repeats that by hand, and each copy forgets a different part (the refusal,
// the double click, the reset after an error). This walks every source file under app/ and components/ and
// fails on a boolean `useState` flag that a function sets to true and then awaits something (`await`,
// `.then`, `.finally`) after it: the shape of a hand-kept pending flag. The few left are listed below with
// why; the list may only shrink (a stale entry fails too).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.join(__dirname, '..', '..');

/** `file: flag` of the flags still kept by hand, and why. */
const LEFT: Record<string, string> = {
  'app/[locale]/(admin)/admin/audit/chain-check.tsx: pending': 'not moved yet',
  'app/[locale]/(admin)/admin/audit/export-form.tsx: pending': 'not moved yet',
  'app/[locale]/(admin)/admin/ledger/ledger-check.tsx: pending': 'not moved yet',
  'app/[locale]/(admin)/admin/news/edit/news-editor.tsx: pending': 'not moved yet',
  'app/[locale]/(admin)/admin/news-categories/category-editor.tsx: pending': 'not moved yet',
  'app/[locale]/(admin)/admin/promos/promo-editor.tsx: pending': 'not moved yet',
  'app/[locale]/(admin)/admin/review-settings/review-switch.tsx: pending': 'not moved yet',
  'app/[locale]/(admin)/admin/sensitive-words/word-actions.tsx: pending': 'not moved yet',
  'app/[locale]/(portal)/(side)/attention/clear-history-button.tsx: pending': 'not moved yet',
  'app/[locale]/(portal)/(side)/live/more-posts.tsx: loading': 'not moved yet',
  'app/[locale]/(portal)/member/anchor-video-actions.tsx: pending': 'not moved yet',
  'app/[locale]/(portal)/member/apply-anchor-form.tsx: uploading': 'not moved yet',
  'app/[locale]/(portal)/member/avatar-upload.tsx: uploading': 'not moved yet',
  'app/[locale]/(portal)/member/fan-club-settings-card.tsx: pending': 'not moved yet',
  'app/[locale]/(portal)/member/favourite-match-button.tsx: busy': 'not moved yet',
  'app/[locale]/(portal)/member/match-binding-field.tsx: pending': 'not moved yet',
  'app/[locale]/(portal)/member/reserved-lives-form.tsx: pending': 'not moved yet',
  'app/[locale]/(portal)/member/video-upload-form.tsx: publishing': 'not moved yet',
  'app/[locale]/(portal)/pay/sandbox/sandbox-decision.tsx: busy': 'not moved yet',
  'app/[locale]/(portal)/qr-login/qr-confirm.tsx: busy': 'not moved yet',
  'app/[locale]/(portal)/video-classify/classify-menu.tsx: searching': 'not moved yet',
  'app/[locale]/(portal)/video-classify/my-category-toggle.tsx: busy': 'not moved yet',
  'app/[locale]/(portal)/video-player/video-actions.tsx: busy': 'not moved yet',
  'components/accounts/account-form.tsx: busy': 'not moved yet',
  'components/accounts/sms-button.tsx: sending': 'not moved yet',
  'components/admin/catalog/edit-dialog.tsx: pending': 'not moved yet',
  'components/admin/reason-dialog.tsx: pending': 'not moved yet',
  'components/experts/article-composer.tsx: pending': 'not moved yet',
  'components/experts/dispute-plan.tsx: pending': 'not moved yet',
  'components/horn/horn-dialog.tsx: pending': 'not moved yet',
  'components/im/message-thread.tsx: uploading': 'not moved yet',
  'components/live/book-button.tsx: busy': 'not moved yet',
  'components/live/chat/chat-composer.tsx: sending': 'not moved yet',
  'components/live/chat/use-chat-feed.ts: loadingOlder': 'not moved yet',
  'components/live/chat/user-card.tsx: busy': 'not moved yet',
  'components/live/fan-club/fan-club-dialog.tsx: pending': 'not moved yet',
  'components/live/follow-button.tsx: busy': 'not moved yet',
  'components/live/gifts/gift-bar.tsx: sending': 'not moved yet',
  'components/live/report-dialog.tsx: uploading': 'not moved yet',
  'components/live/report-dialog.tsx: pending': 'not moved yet',
  'components/live/treasure/red-envelopes.tsx: pending': 'not moved yet',
  'components/nobility/nobility-purchase.tsx: pending': 'not moved yet',
  'components/posts/comment-thread.tsx: deleting': 'not moved yet',
  'components/posts/comment-thread.tsx: sending': 'not moved yet',
  'components/posts/like-button.tsx: busy': 'not moved yet',
  'components/posts/post-composer.tsx: publishing': 'not moved yet',
  'components/wallet/recharge-form.tsx: busy': 'not moved yet',
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}

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
    sources(path.join(ROOT, folder)).flatMap((full) =>
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
