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

/** Watches the test's own context and every context it opens; returns what was seen and the undo. */
export async function guardContentSecurity(browser: Browser, context: BrowserContext) {
  const violations: string[] = [];
  await watch(context, violations);
  const newContext = browser.newContext;
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const opened = await newContext.apply(browser, args);
    await watch(opened, violations);
    return opened;
  };
  const release = () => {
    browser.newContext = newContext;
  };
  return { violations, release };
}
