import { randomBytes } from 'node:crypto';
import { link, mkdir, open as openFile, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileExistsError, type FileStorage } from './storage.js';

/** Keys are made by the server (AVATAR_KEY_PATTERN); anything else never becomes a path. */
const SAFE_KEY = /^[0-9a-f]{32}\.[a-z]{3,4}$/;

/**
 * Files under one directory (DATA_DIR/files), one file per key. A write goes to a temporary name first and is then
 * hard-linked to its key: link() fails when the key exists, so a file is never half-written under its key and never
 * overwritten, even by two racing PUTs of the same URL.
 */
export class DiskStorage implements FileStorage {
  readonly #root: string;
  #ready: Promise<unknown> | undefined;

  constructor(root: string) {
    this.#root = root;
  }

  async create(key: string, bytes: Uint8Array): Promise<void> {
    const target = this.#path(key);
    this.#ready ??= mkdir(this.#root, { recursive: true, mode: 0o700 });
    await this.#ready;
    const temporary = path.join(this.#root, `.${randomBytes(8).toString('hex')}.part`);
    await writeFile(temporary, bytes, { flag: 'wx', mode: 0o600 });
    try {
      await link(temporary, target);
    } catch (error) {
      if (errorCode(error) === 'EEXIST') throw new FileExistsError(key);
      throw error;
    } finally {
      await unlink(temporary);
    }
  }

  async open(key: string): Promise<Readable | null> {
    // Opening first turns "missing" into null here rather than into a stream error after the headers went out.
    const handle = await openFile(this.#path(key), 'r').catch((error: unknown) => {
      if (errorCode(error) === 'ENOENT') return null;
      throw error;
    });
    return handle ? handle.createReadStream() : null;
  }

  async remove(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }

  #path(key: string): string {
    if (!SAFE_KEY.test(key)) throw new Error(`not a file key: ${key}`);
    return path.join(this.#root, key);
  }
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}
