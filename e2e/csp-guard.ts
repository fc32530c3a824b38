// Fails a test on any Content-Security-Policy violation in any of its browser contexts: the page's
// `securitypolicyviolation` events and Chromium's "Refused to … Content Security Policy" console errors.
import type { Browser, BrowserContext } from '@playwright/test';

const PREFIX = 'CSP violation:';

/** Runs in every frame before the page's scripts. */
function reportViolations(prefix: string) {
  document.addEventListener(
    'securitypolicyviolation',
    (event) =>
      console.error(
        `${prefix} ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} in ${event.documentURI}` +
          (event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber})` : ''),
      ),
    true,
  );
}

async function watch(context: BrowserContext, violations: string[]) {
  await context.addInitScript(reportViolations, PREFIX);
  context.on('console', (message) => {
    const text = message.text();
    if (
      text.startsWith(PREFIX) ||
      (text.startsWith('Refused to') && text.includes('Content Security Policy'))
    )
      violations.push(text);
  });
}

/**
 * Runs `prepare` on the test's own context and on every context the test opens (`browser.newContext`)
 * until the returned undo is called.
 */
export async function onEveryContext(
  browser: Browser,
  context: BrowserContext,
  prepare: (context: BrowserContext) => Promise<void>,
) {
  await prepare(context);
  const newContext = browser.newContext;
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const opened = await newContext.apply(browser, args);
    await prepare(opened);
    return opened;
  };
  return () => {
    browser.newContext = newContext;
  };
}

/** Watches the test's own context and every context it opens; returns what was seen and the undo. */
export async function guardContentSecurity(browser: Browser, context: BrowserContext) {
  const violations: string[] = [];
  const release = await onEveryContext(browser, context, (opened) => watch(opened, violations));
  return { violations, release };
}
