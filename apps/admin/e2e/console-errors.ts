import { expect, test, type Page } from '@playwright/test';

/**
 * Registers hooks that fail each test of the file whose page logged an error or threw,
 * but for the console lines `expected` says the test provokes on purpose (or a test drops).
 */
export function failOnConsoleErrors(
  expected: (text: string, page: Page) => boolean = () => false,
): { drop: (pattern: RegExp) => void } {
  let consoleErrors: string[] = [];
  test.beforeEach(({ page }) => {
    consoleErrors = [];
    page.on('console', (message) => {
      if (message.type() !== 'error' || expected(message.text(), page)) return;
      consoleErrors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
  });
  test.afterEach(() => {
    expect(consoleErrors).toEqual([]);
  });
  return {
    drop: (pattern) => {
      consoleErrors = consoleErrors.filter((e) => !pattern.test(e));
    },
  };
}
