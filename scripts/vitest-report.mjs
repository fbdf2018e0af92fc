// Reading vitest's JSON report: telling a crashed test process from a failed test.

/**
 * @typedef {{ name: string, status: string, assertionResults: { status: string }[] }} FileResult
 * @typedef {{ numTotalTests: number, numPassedTests: number, numFailedTests?: number, numPendingTests?: number,
 *   numTodoTests?: number, testResults?: FileResult[] }} VitestReport
 */

/**
 * True when no test failed yet some never finished: a child process died under them (vitest's "Worker exited
 * unexpectedly"), which marks the file's tests pending and fails the run without a failed test.
 * @param {VitestReport | undefined} report
 */
export function onlyACrash(report) {
  if (report === undefined || (report.numFailedTests ?? 0) > 0) return false;
  const finished = report.numPassedTests + (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  return report.numTotalTests > finished;
}

/**
 * The files with a test that did not pass, to name in the log.
 * @param {VitestReport | undefined} report
 * @returns {string[]}
 */
export function unfinishedFiles(report) {
  return (report?.testResults ?? [])
    .filter((file) => file.status !== 'passed' || file.assertionResults.some((test) => test.status !== 'passed'))
    .map((file) => file.name);
}
