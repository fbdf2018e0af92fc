import { describe, expect, it } from 'vitest';
import { onlyACrash, unfinishedFiles } from './vitest-report.mjs';

// The shape vitest 4 writes when a test file's process is killed mid-run (checked with a SIGSEGV in a test).
const crashed = {
  numTotalTests: 5,
  numPassedTests: 2,
  numFailedTests: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  testResults: [
    { name: '/a.test.ts', status: 'passed', assertionResults: [{ status: 'passed' }, { status: 'passed' }] },
    {
      name: '/b.test.ts',
      status: 'passed',
      assertionResults: [{ status: 'pending' }, { status: 'pending' }, { status: 'pending' }],
    },
  ],
};

describe('reading a vitest report', () => {
  it('calls a run whose tests never finished, none failing, a crash and names the file', () => {
    expect(onlyACrash(crashed)).toBe(true);
    expect(unfinishedFiles(crashed)).toEqual(['/b.test.ts']);
  });

  it('does not call a failed assertion a crash', () => {
    expect(onlyACrash({ ...crashed, numFailedTests: 1 })).toBe(false);
  });

  it('counts skipped and todo tests as finished', () => {
    expect(onlyACrash({ ...crashed, numPendingTests: 2, numTodoTests: 1 })).toBe(false);
    expect(onlyACrash(undefined)).toBe(false);
  });
});
