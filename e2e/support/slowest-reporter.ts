import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** How many of the slowest files and tests the summary names. */
const LISTED = 12;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Prints, at the end of a run, where its time went: each spec file's total and the slowest
 * tests. The line reporter of CI shows none of it, and the suite's budget (docs/testing.md) is
 * kept by knowing which specs to move or share.
 */
export default class SlowestReporter implements Reporter {
  private readonly tests: { title: string; file: string; ms: number }[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    const file = test.location.file.split('/tests/').pop() ?? test.location.file;
    this.tests.push({ title: test.title, file, ms: result.duration });
  }

  onEnd(result: FullResult) {
    const byFile = new Map<string, number>();
    for (const test of this.tests) byFile.set(test.file, (byFile.get(test.file) ?? 0) + test.ms);
    const files = [...byFile].sort((a, b) => b[1] - a[1]).slice(0, LISTED);
    const slowest = [...this.tests].sort((a, b) => b.ms - a.ms).slice(0, LISTED);
    const total = this.tests.reduce((sum, test) => sum + test.ms, 0);
    const lines = [
      `\nEnd-to-end time: ${seconds(result.duration)} wall, ${seconds(total)} in ${this.tests.length} tests`,
      'Slowest spec files (time in their tests):',
      ...files.map(([file, ms]) => `  ${seconds(ms).padStart(8)}  ${file}`),
      'Slowest tests:',
      ...slowest.map((test) => `  ${seconds(test.ms).padStart(8)}  ${test.file} › ${test.title}`),
    ];
    console.log(lines.join('\n'));
  }

  printsToStdio() {
    return false;
  }
}
