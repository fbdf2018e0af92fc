import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** Debian's Xvfb and openbox; `.ci/run` installs them (`apt-get install xvfb openbox`). */
export const XVFB = '/usr/bin/Xvfb';
export const OPENBOX = '/usr/bin/openbox';

/** The tools this machine lacks for a headful window (empty when it can run one). */
export function missingDisplayTools(): string[] {
  return [XVFB, OPENBOX].filter((path) => !existsSync(path));
}

export interface VirtualDisplay {
  /** `:<n>`, for the browser's DISPLAY. */
  display: string;
  stop(): void;
}

function waitFor(check: () => boolean, what: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const poll = () => {
      if (check()) resolve();
      else if (Date.now() > deadline) reject(new Error(`${what} within ${ms} ms`));
      else setTimeout(poll, 50);
    };
    poll();
  });
}

function stopChild(child: ChildProcess): void {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
}

export interface DisplayOptions {
  width: number;
  height: number;
  /** Room openbox keeps free at the bottom, as for a taskbar: the work area (where a maximized window goes) is smaller
   * than the screen (where a fullscreen one goes), so the two states are told apart by size. */
  taskbarHeight: number;
}

/** openbox's rc.xml with only what differs from its defaults. */
function openboxConfig(taskbarHeight: number): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<openbox_config xmlns="http://openbox.org/3.4/rc">',
    `  <margins><top>0</top><bottom>${taskbarHeight}</bottom><left>0</left><right>0</right></margins>`,
    // Frameless, as the shell's Windows window is: the app's own title bar is the only one.
    '  <applications><application class="*"><decor>no</decor></application></applications>',
    '</openbox_config>',
    '',
  ].join('\n');
}

/**
 * A throwaway X display with a window manager: Xvfb picks a free display number itself (`-displayfd`, so parallel runs
 * and other helpers' displays never clash) and openbox manages it — without a window manager nothing maximizes or goes
 * fullscreen. Resolves once openbox has started (its `--startup` command leaves a marker file).
 */
export async function startVirtualDisplay({ width, height, taskbarHeight }: DisplayOptions): Promise<VirtualDisplay> {
  const xvfb = spawn(XVFB, ['-displayfd', '3', '-screen', '0', `${width}x${height}x24`, '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  xvfb.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let number: string;
  try {
    number = await new Promise<string>((resolve, reject) => {
      let out = '';
      (xvfb.stdio[3] as Readable).on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(out.trim());
      });
      xvfb.once('error', reject);
      xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${String(code)}: ${stderr.trim()}`)));
      setTimeout(() => reject(new Error(`Xvfb gave no display number in 10 s: ${stderr.trim()}`)), 10_000);
    });
  } catch (error) {
    stopChild(xvfb);
    throw error;
  }
  const display = `:${number}`;
  const dir = mkdtempSync(join(tmpdir(), 'beseda-openbox-'));
  const started = join(dir, 'started');
  const config = join(dir, 'rc.xml');
  writeFileSync(config, openboxConfig(taskbarHeight));
  const openbox = spawn(OPENBOX, ['--sm-disable', '--config-file', config, '--startup', `touch ${started}`], {
    env: { ...process.env, DISPLAY: display },
    stdio: 'ignore',
  });
  let openboxFailed: Error | null = null;
  openbox.once('error', (error) => {
    openboxFailed = error;
  });
  const stop = () => {
    stopChild(openbox);
    stopChild(xvfb);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(() => openboxFailed !== null || existsSync(started), 'openbox did not start', 10_000);
    if (openboxFailed) throw openboxFailed;
  } catch (error) {
    stop();
    throw error;
  }
  return { display, stop };
}
