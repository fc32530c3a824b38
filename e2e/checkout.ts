// The sandbox checkout's pay button, pressed once React owns it. The checkout often opens in its own window
// and a click before hydration does nothing: seen on CI's busy machine, the paid result never came.
import type { Page } from '@playwright/test';
import { whenHydrated } from './login';

export async function payAtSandbox(checkout: Page) {
  const confirm = checkout.getByTestId('checkout-confirm');
  await whenHydrated(confirm);
  await confirm.click();
}
