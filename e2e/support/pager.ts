import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

/**
 * Walks a list's pager by keyboard over its three pages and checks that focus stays on a pager button:
 * on Next while its page loads (it was disabled meanwhile, and focus fell to <body>), on Previous once
 * the last page disables Next, on Next once the first page disables Previous. `within` is a CSS
 * selector around the pager; `pageLoaded` waits until page 2's rows are shown.
 */
export async function walkPagerByKeyboard(page: Page, within: string, pageLoaded: () => Promise<void>): Promise<void> {
  const scope = page.locator(within);
  const focused = () => page.evaluate(() => (document.activeElement === document.body ? 'BODY' : document.activeElement?.textContent));
  const nextDisabled = (disabled: boolean) =>
    page.waitForFunction(
      ([selector, want]) => Array.from(document.querySelectorAll(`${selector} button`)).find((b) => b.textContent === 'Next')?.hasAttribute('disabled') === want,
      [within, disabled] as const,
    );
  const focusMovesTo = (name: string) =>
    page.waitForFunction((want) => document.activeElement?.textContent === want, name, { timeout: 2000 }).catch(() => undefined);

  await scope.getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');
  await scope.getByText('Page 2').waitFor();
  await pageLoaded();
  assert.equal(await focused(), 'Next', 'on page 2');
  await page.keyboard.press('Enter');
  await scope.getByText('Page 3').waitFor();
  await nextDisabled(true);
  await focusMovesTo('Previous');
  assert.equal(await focused(), 'Previous', 'on page 3, the last');
  await page.keyboard.press('Enter');
  await scope.getByText('Page 2').waitFor();
  await page.keyboard.press('Enter');
  await scope.getByText('Page 1').waitFor();
  await nextDisabled(false);
  await focusMovesTo('Next');
  assert.equal(await focused(), 'Next', 'on page 1');
}
