// Every page of the portal, in Simplified Chinese and English: no layout shift while it loads (CLS ≤ 0.02,
// the late parts have their room reserved), and in Simplified Chinese no serious or critical axe-core
// violation (the markup and colours are the same in every language, and lib/i18n/catalogs.test.ts proves
// every label exists in all four; axe was a third of this file's time). A new page joins the list in
// e2e/pages.ts (the list is the check's coverage). The operator console's pages come from its navigation registry
// (lib/admin/nav.ts), so a new console page is audited by itself: signed in as the operator, once at the
// desktop width and once at 360 px, with no console error and, on the phone, nothing wider than the screen
// (a wide table scrolls inside its frame).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ADMIN_NAV } from '@/lib/admin/nav';
import { expect, test } from './fixtures';
import { NO_IDS, PAGES, seededIds } from './pages';

const LOCALES = [
  { locale: 'zh-CN', prefix: '', axe: true },
  { locale: 'en', prefix: '/en', axe: false },
];

/** Layout shift budget of a page load (Lighthouse's "good" is 0.1; the portal keeps to 0.02). */
const MAX_LAYOUT_SHIFT = 0.02;

/**
 * Sums the page's unexpected layout shifts from its first paint (runs before the page's scripts), and
 * keeps what moved (element, from and to), so a failure says which element shifted.
 */
function recordLayoutShift() {
  type Shift = PerformanceEntry & {
    value: number;
    hadRecentInput: boolean;
    sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  };
  const holder = window as unknown as { __layoutShift: number; __layoutShiftSources: string[] };
  holder.__layoutShift = 0;
  holder.__layoutShiftSources = [];
  const nameOf = (node?: Node) => {
    if (!(node instanceof Element)) return node?.nodeName ?? '?';
    const classes = [...node.classList].slice(0, 4).join('.');
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes ? `.${classes}` : ''}`;
  };
  const rect = (r: DOMRectReadOnly) =>
    `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Shift[]) {
      if (entry.hadRecentInput) continue;
      holder.__layoutShift += entry.value;
      for (const source of entry.sources ?? [])
        holder.__layoutShiftSources.push(
          `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${nameOf(source.node)} ${rect(source.previousRect)} -> ${rect(source.currentRect)}`,
        );
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The serious and critical violations on the page as it stands, one line per rule. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id} (${violation.nodes.length}): ${violation.nodes[0]?.target.join(' ')}`,
    );
}

for (const { locale, prefix, axe } of LOCALES) {
  test.describe(`accessibility, ${locale}`, () => {
    for (const entry of PAGES) {
      const label = entry.path(NO_IDS).replace(/=0\b/, '=<id>');
      const name = `${label}${entry.who ? ` (${entry.who})` : ''}: no layout shift${axe ? ', no serious axe violation' : ''}`;
      const check = async (viewer: Page) => {
        // axe over a long page (/foresight) took 1.5 to over 2 minutes on this 2-core machine at load 30.
        test.setTimeout(300_000);
        await loadAudited(viewer, `${prefix}${entry.path(await seededIds())}`);
        if (axe) expect(await seriousViolations(viewer)).toEqual([]);
      };
      if (entry.who === 'user') test(name, ({ asUser }) => check(asUser));
      else if (entry.who === 'anchor') test(name, ({ asAnchor }) => check(asAnchor));
      else test(name, ({ page }) => check(page));
    }
  });
}

/** The phone width the console is audited at (the narrowest Android phones in use). */
const CONSOLE_PHONE_WIDTH = 360;

/**
 * Loads a page and holds its layout shift to the budget; gives the console and page errors met meanwhile
 * (the console's pages must have none).
 */
async function loadAudited(viewer: Page, path: string) {
  const errors: string[] = [];
  viewer.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  viewer.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  await viewer.addInitScript(recordLayoutShift);
  await viewer.goto(path);
  // Pages with live data keep polling: settle for what loads in the first seconds.
  await viewer.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  const { shift, sources } = await viewer.evaluate(() => {
    const holder = window as unknown as { __layoutShift: number; __layoutShiftSources: string[] };
    return { shift: holder.__layoutShift, sources: holder.__layoutShiftSources };
  });
  expect(shift, `cumulative layout shift; what moved:\n${sources.join('\n')}`).toBeLessThanOrEqual(
    MAX_LAYOUT_SHIFT,
  );
  return errors;
}

/** The elements reaching past the right edge of the screen (what makes the page scroll sideways). */
function overflowingElements() {
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth <= width) return [];
  const clipped = (element: Element) => {
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const { overflowX } = getComputedStyle(parent);
      if (overflowX !== 'visible') return parent !== document.body && parent !== document.documentElement;
    }
    return false;
  };
  return [...document.body.querySelectorAll('*')]
    .filter((element) => element.getBoundingClientRect().right > width + 1 && !clipped(element))
    .slice(0, 5)
    .map((element) => {
      const classes = [...element.classList].slice(0, 4).join('.');
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} right=${Math.round(element.getBoundingClientRect().right)}`;
    });
}

test.describe('the console, zh-CN (operator)', () => {
  for (const entry of ADMIN_NAV)
    for (const phone of [false, true])
      test(`${entry.href}${phone ? ` at ${CONSOLE_PHONE_WIDTH} px` : ''}: no layout shift, no console error, ${phone ? 'nothing past the screen' : 'no serious axe violation'}`, async ({
        asOperator,
      }) => {
        test.setTimeout(300_000);
        if (phone) await asOperator.setViewportSize({ width: CONSOLE_PHONE_WIDTH, height: 780 });
        const errors = await loadAudited(asOperator, entry.href);
        await expect(asOperator.getByTestId('admin-main').getByRole('heading', { level: 1 })).toBeVisible();
        expect(new URL(asOperator.url()).pathname).toBe(entry.href);
        if (phone) expect(await asOperator.evaluate(overflowingElements)).toEqual([]);
        else expect(await seriousViolations(asOperator)).toEqual([]);
        expect(errors).toEqual([]);
      });
});
