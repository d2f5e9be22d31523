import path from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';

export const LANGS = ['en', 'ar'] as const;

/** The two widths every screen is looked at: a laptop and a phone. */
export const SCREEN_SIZES = [
  { name: 'wide', width: 1280, height: 800 },
  { name: 'narrow', width: 390, height: 844 },
] as const;

/** Sizes the tab and stores the language the app opens in (before the first page loads). */
export async function useLangAndSize(
  page: Page,
  lang: string,
  size: { width: number; height: number },
): Promise<void> {
  await page.setViewportSize({ width: size.width, height: size.height });
  await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
}

/**
 * Saves a full-page picture under the project's output folder for a look, after checking the
 * layout fault a look would catch first: the page scrolling sideways.
 */
export async function shoot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  folder = 'screens',
): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  // Let MUI transitions settle so the picture shows the page, not an animation.
  await page.waitForTimeout(400);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({
    path: path.join(testInfo.project.outputDir, folder, `${name}.png`),
    fullPage: true,
  });
}
