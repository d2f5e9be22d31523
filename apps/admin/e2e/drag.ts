import type { Page } from '@playwright/test';

/** dnd-kit's keyboard sensor: Space picks the focused handle up, arrows move it, Space drops. */
export async function keyboardMove(page: Page, steps: number): Promise<void> {
  await page.keyboard.press('Space');
  // A person's pace: each step lands before the next one is taken.
  for (let i = 0; i < Math.abs(steps); i++) {
    await page.waitForTimeout(200);
    await page.keyboard.press(steps > 0 ? 'ArrowDown' : 'ArrowUp');
  }
  await page.waitForTimeout(200);
  await page.keyboard.press('Space');
}
