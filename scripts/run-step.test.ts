import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTogether } from './run-step.mjs';

/** A child that leaves its mark, then succeeds only if the other's mark appears within 10 s: run one after the
 * other, the first would give up. */
function meets(mine: string, theirs: string, exitCode: number, says: string): string[] {
  const script = `
    const fs = require('node:fs');
    fs.writeFileSync(${JSON.stringify(mine)}, '');
    const until = Date.now() + 10000;
    const wait = () => {
      if (fs.existsSync(${JSON.stringify(theirs)})) { console.log(${JSON.stringify(says)}); process.exit(${exitCode}); }
      if (Date.now() > until) { console.log('alone'); process.exit(9); }
      setTimeout(wait, 20);
    };
    wait();`;
  return ['-e', script];
}

describe('running steps together', () => {
  it('runs the commands at the same time and prints each one whole, with its result', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'run-together-'));
    const [a, b] = [join(dir, 'a'), join(dir, 'b')];
    const printed: string[] = [];
    const results = await runTogether(
      [
        { name: 'first', command: 'node', args: meets(a, b, 0, 'first done') },
        { name: 'failing', command: 'node', args: meets(b, a, 3, 'broke') },
      ],
      (text) => printed.push(text),
    );
    expect(results.map(({ name, ok }) => ({ name, ok }))).toEqual([
      { name: 'first', ok: true },
      { name: 'failing', ok: false },
    ]);
    expect(printed).toContain('\n▶ first\nfirst done\n');
    expect(printed).toContain('\n▶ failing\nbroke\n');
  });

  it('reports a command that cannot start as failed', async () => {
    const printed: string[] = [];
    const [result] = await runTogether([{ name: 'missing', command: 'no-such-command-here', args: [] }], (text) =>
      printed.push(text),
    );
    expect(result?.ok).toBe(false);
    expect(printed.join('')).toContain('ENOENT');
  });
});
