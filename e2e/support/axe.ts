import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';

const BLOCKING = new Set(['serious', 'critical']);

/** Runs axe (WCAG 2 A and AA) on each screen a test visits; serious or critical violations fail the test. */
export class AxeChecker {
  private readonly seen = new Set<string>();

  constructor(
    private readonly page: Page,
    private readonly testInfo: TestInfo,
  ) {}

  /** Scans the page as it is now; `state` tells apart screens on one URL (e.g. a dialog open). */
  async check(state = ''): Promise<void> {
    const url = new URL(this.page.url());
    const key = `${url.pathname}${url.search}|${state}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);

    // The screen as a person reads it, once it has settled: mid-fade (a toast's 180 ms entry) axe measured a blend of
    // text and background and reported a contrast the settled screen does not have (CI). Endless animations (a
    // spinner) are not waited for.
    await this.page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    const results = await new AxeBuilder({ page: this.page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      // React Aria's off-screen live announcer briefly keeps announcements that point (aria-labelledby) at a
      // button that has since left the page, e.g. the login button's "pending" after the navigation it caused.
      .exclude('[data-live-announcer]')
      .analyze();
    const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
    if (results.violations.length > 0) {
      await this.testInfo.attach(`axe ${key}`, {
        body: JSON.stringify(results.violations, null, 2),
        contentType: 'application/json',
      });
    }
    if (blocking.length > 0) {
      const report = blocking
        .map(
          (v) =>
            `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join('\n')}`,
        )
        .join('\n');
      throw new Error(`Tillgänglighetsfel på ${key}:\n${report}`);
    }
  }
}
