import type { Readable } from 'node:stream';

/**
 * Where file bytes live. The default is the local disk (disk-storage.ts); an S3-compatible store implements the same
 * three calls (PutObject with If-None-Match: *, GetObject, DeleteObject) and nothing else changes: the database
 * decides what exists and what may be served, the store only keeps bytes under keys.
 */
export interface FileStorage {
  /** Stores `bytes` under `key`, all or nothing. A key is written once: FileExistsError when it is taken. */
  create(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  open(key: string): Promise<Readable | null>;
  /** Removes the bytes under `key`; nothing happens when there are none. */
  remove(key: string): Promise<void>;
}

export class FileExistsError extends Error {
  constructor(key: string) {
    super(`a file is already stored under ${key}`);
    this.name = 'FileExistsError';
  }
}
