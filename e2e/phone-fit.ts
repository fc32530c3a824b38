// What is wrong with a page on a phone of a given width, as sentences (none: it fits). Runs in the page
// (page.evaluate), so it takes no imports. Each sentence starts with its kind:
// - `wide`: the document is wider than the device. On a phone Chromium widens the layout viewport to the
//   page, so innerWidth grows with it: the device's width is passed in, never read from the window.
// - `past`: an element reaches past the screen's right edge (the outermost ones; inside a scroll frame or
//   a clipping box it is that box's business).
// - `cut`: a control straddles the edge of a box that clips it (half a button), or text is shortened with
//   an ellipsis and its full text is not at hand (no title or aria-label on it or near it) or cut to a stub.
// - `broken`: a label broken inside a word: a short all-CJK text (礼物, 发红包) or a score or time on two
//   lines or more, or a Latin/Vietnamese word split across lines (machine text in code/pre or break-all
//   boxes may break anywhere). Lines are counted from Range.getClientRects(): one rect per
//   line box the text touches.
// - `doubled`: a word twice in a row in the rendered text ("Đăng lúc lúc"), what a label and a formatted
//   value make together.
// - `overlap`: a table cell's content reaching into its neighbour.
//
// `{ width, quick: true }` (a wider phone, after the full check at 320 px): only `wide` and `past`, what a
// page resized wider can newly get wrong; labels have more room there, not less. (One argument: it is
// what page.evaluate hands the function.)
export function fitProblems(device: number | { width: number; quick?: boolean }): string[] {
  const deviceWidth = typeof device === 'number' ? device : device.width;
  const quick = typeof device === 'number' ? false : Boolean(device.quick);
  const problems: string[] = [];
  const root = document.documentElement;
  if (root.scrollWidth > deviceWidth) problems.push(`wide: the page is ${root.scrollWidth} px wide`);

  const name = (element: Element) => {
    const text = (element.getAttribute('aria-label') || element.textContent || '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 32);
    const testId = element.getAttribute('data-testid');
    return `${element.tagName.toLowerCase()}${testId ? `[${testId}]` : ''}${text ? ` "${text}"` : ''}`;
  };
  const shown = (element: Element) =>
    element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  /** The nearest ancestor that does not let its content show past it sideways (scrolls or clips). */
  const frameOf = (element: Element) => {
    for (
      let parent = element.parentElement;
      parent && parent !== document.body;
      parent = parent.parentElement
    ) {
      const { overflowX } = getComputedStyle(parent);
      if (overflowX !== 'visible')
        return { box: parent, scrolls: overflowX === 'auto' || overflowX === 'scroll' };
    }
    return null;
  };

  // A full-width box (the top bar) only follows a page made wider by something else: that is named.
  const layoutWidth = root.scrollWidth;
  const past: Element[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0 || rect.right <= deviceWidth + 1 || rect.left >= deviceWidth)
      continue;
    if (rect.left <= 0.5 && rect.width >= layoutWidth - 1 && layoutWidth > deviceWidth) continue;
    if (!shown(element) || frameOf(element)) continue;
    if (past.some((outer) => outer.contains(element))) continue;
    past.push(element);
  }
  for (const element of past.slice(0, 4)) {
    problems.push(`past: ${name(element)} reaches ${Math.round(element.getBoundingClientRect().right)}`);
  }
  if (quick) return problems;

  for (const control of document.body.querySelectorAll('a, button, input, select, [role="tab"]')) {
    const frame = frameOf(control);
    if (!frame || frame.scrolls || !shown(control)) continue;
    const rect = control.getBoundingClientRect();
    const edge = frame.box.getBoundingClientRect();
    if (rect.width === 0 || edge.width === 0) continue;
    const straddles =
      (rect.left < edge.right - 1 && rect.right > edge.right + 1) ||
      (rect.right > edge.left + 1 && rect.left < edge.left - 1);
    if (straddles) problems.push(`cut: ${name(control)} sticks out of ${name(frame.box)}`);
  }

  for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
    const style = getComputedStyle(element);
    if (style.textOverflow !== 'ellipsis' || element.scrollWidth <= element.clientWidth + 1) continue;
    // A field's text scrolls inside it.
    if (element.matches('input, textarea, select')) continue;
    if (!shown(element) || element.clientWidth === 0) continue;
    let titled: Element | null = element.querySelector('[title]');
    for (let at: Element | null = element, up = 0; at && up < 4 && !titled; at = at.parentElement, up++) {
      if (at.hasAttribute('title') || at.hasAttribute('aria-label')) titled = at;
    }
    if (!titled) problems.push(`cut: ${name(element)} is shortened with no title`);
    else if (element.clientWidth < 2.5 * Number.parseFloat(style.fontSize)) {
      problems.push(`cut: ${name(element)} is shortened to ${element.clientWidth} px`);
    }
  }

  /** How many lines a stretch of text is laid out on. */
  const lines = (range: Range) => {
    const rects = [...range.getClientRects()].filter((rect) => rect.width > 0.5 && rect.height > 0);
    rects.sort((a, b) => a.top - b.top);
    let count = 0;
    let bottom = Number.NEGATIVE_INFINITY;
    for (const rect of rects) {
      if (rect.top >= bottom - rect.height / 2) {
        count += 1;
        bottom = rect.bottom;
      } else bottom = Math.max(bottom, rect.bottom);
    }
    return count;
  };
  const CJK_LABEL = /^[\u3400-\u9fff\uf900-\ufaff]{2,6}$/;
  /** A score, a time or a count ("1 : 0", "12:30", "3-1"): one line, never one figure per line. */
  const FIGURES = /^[\d][\d\s:\-–.+%/()]{1,10}$/;
  const WORD =
    /(?<![\p{sc=Latin}\p{M}\p{N}'’])[\p{sc=Latin}\p{N}][\p{sc=Latin}\p{M}\p{N}'’]{1,19}(?![\p{sc=Latin}\p{M}\p{N}])/gu;
  const broken = new Set<string>();
  const range = document.createRange();
  /** Text for screen readers only (sr-only, video.js's control text): a 1 px box, never read on screen. */
  const unseen = (element: Element) => {
    for (let at: Element | null = element, up = 0; at && up < 3; at = at.parentElement, up++) {
      const box = at.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) return true;
    }
    return false;
  };
  // Whole labels: an element holding only text (React may split it into several text nodes).
  for (const element of document.body.querySelectorAll('*')) {
    if (element.childElementCount > 0 || element.closest('script, style, noscript, textarea')) continue;
    const text = (element.textContent ?? '').trim();
    if ((!CJK_LABEL.test(text) && !FIGURES.test(text)) || unseen(element)) continue;
    range.selectNodeContents(element);
    if (lines(range) > 1) broken.add(text);
  }
  // Words: a Latin or Vietnamese word split across lines (CJK text may break between any characters).
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const parent = node.parentElement;
    if (!parent || !node.data.trim() || parent.closest('script, style, noscript, textarea') || unseen(parent))
      continue;
    // Machine text (a hash, a push URL, canonical JSON) may break anywhere, and says so.
    if (parent.closest('code, pre, kbd, samp') || getComputedStyle(parent).wordBreak === 'break-all')
      continue;
    // Text on one line splits no word: most of a page, measured once instead of word by word.
    range.selectNodeContents(node);
    if (lines(range) <= 1) continue;
    for (const match of node.data.matchAll(WORD)) {
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      if (lines(range) > 1) broken.add(match[0]);
    }
  }
  for (const word of [...broken].slice(0, 8)) problems.push(`broken: "${word}" is split across lines`);

  // What is rendered (innerText): a label and the value beside it read as one sentence.
  // biome-ignore lint/performance/useDomNodeTextContent: textContent would join words that lines separate
  const doubled = document.body.innerText.match(
    /(?<![\p{L}\p{M}\p{N}])(\p{L}[\p{L}\p{M}]+)[ \u00a0]+\1(?![\p{L}\p{M}\p{N}])/iu,
  );
  if (doubled) problems.push(`doubled: "${doubled[0]}"`);

  for (const cell of document.body.querySelectorAll('td, th')) {
    if (!shown(cell) || getComputedStyle(cell).overflowX !== 'visible') continue;
    const edge = cell.getBoundingClientRect();
    for (const child of cell.children) {
      const rect = child.getBoundingClientRect();
      if (rect.width > 0 && (rect.right > edge.right + 1 || rect.left < edge.left - 1)) {
        problems.push(`overlap: ${name(child)} leaves its cell`);
        break;
      }
    }
  }
  return problems;
}
