import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** The rules whose outcome depends on colours: all a change of theme can break. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

export interface AxeScan {
  /** A selector: scan only what it matches. */
  within?: string;
  /** Every violation, not only the serious and critical ones. */
  allImpacts?: boolean;
}

/**
 * Axe's violations of the page, as `rule: help (targets)`, by axe-core run in the page itself.
 * Our pages have no frames, so the run is the library's own `axe.run`: the Playwright wrapper
 * splits a run across frames and finishes it in a second page, which took three times as long
 * (40 s instead of 19 s on the API reference) for the same results. Only violations are
 * collected, which axe documents as its fastest mode. The light theme runs every rule; the dark
 * theme changes only colours, so there only the colour rules run again.
 */
export async function seriousViolations(page: Page, scan: AxeScan = {}) {
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  const options: RunOptions = {
    resultTypes: ['violations'],
    ...(dark ? { runOnly: { type: 'rule', values: COLOUR_RULES } } : {}),
  };
  await transitionsSettled(page);
  // A page's later sections are laid out only when scrolled near (content-visibility: auto):
  // axe reads colours from the rendered page, so everything is laid out first, as for a reader
  // who scrolled through it.
  await page.addStyleTag({
    content: '#main-content *, footer { content-visibility: visible !important; }',
  });
  // The page's CSP forbids adding a script; evaluating through the protocol does not need one.
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    ([context, runOptions]) =>
      (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResults> } }).axe.run(
        context ? { include: [context] } : document,
        runOptions,
      ),
    [scan.within ?? null, options] as const,
  );
  return results.violations
    .filter((v) => scan.allImpacts || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * Switches an open page to a colour scheme and answers once it is painted in it: the theme's
 * class is on <html> and every colour transition (links, badges) has run its course, so that a
 * scan right after sees the scheme's colours rather than a mix of both.
 */
export async function switchColorScheme(page: Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme });
  await page
    .locator(scheme === 'dark' ? 'html.dark' : 'html:not(.dark)')
    .waitFor({ state: 'attached' });
  await transitionsSettled(page);
}

/**
 * Waits for the page's colour transitions to end. A change of theme fades colours: measured
 * halfway, text and background are neither theme's, and contrast fails by chance on a busy
 * machine. Transitions only: a spinner's animation never finishes.
 */
async function transitionsSettled(page: Page) {
  await page.evaluate(async () => {
    await new Promise((frame) => requestAnimationFrame(frame));
    const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.all(transitions.map((transition) => transition.finished.catch(() => null)));
  });
}
