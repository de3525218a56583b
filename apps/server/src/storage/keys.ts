import { randomUUID } from 'node:crypto';

// Keys are generated here, never taken from a client; both drivers check every key they are given,
// so a bad database row can never name a file outside the store (a path, `..`, another folder).
const keyPattern = /^[a-z0-9-]+\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;
const partialPattern = /^[a-z0-9-]+\/[0-9a-f-]{36}\.[a-z0-9]{1,8}\.[0-9]+\.tmp$/;
const folderPattern = /^[a-z0-9-]+$/;

/** A new key below `folder`: `folder/<uuid>.<extension>`. */
export function newKey(folder: string, extension: string): string {
  return checkKey(`${checkFolder(folder)}/${randomUUID()}.${extension.replace(/^\./, '').toLowerCase()}`);
}

/** Throws unless `key` is a stored file's key (or, with `allowPartial`, a leftover of an interrupted write). */
export function checkKey(key: string, allowPartial = false): string {
  if (!isKey(key) && !(allowPartial && isPartialKey(key))) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

/** Throws unless `folder` is a folder name the store accepts. */
export function checkFolder(folder: string): string {
  if (!folderPattern.test(folder)) throw new Error(`Invalid storage folder: ${folder}`);
  return folder;
}

/** Whether `key` has the shape of a stored file's key. */
export function isKey(key: string): boolean {
  return keyPattern.test(key);
}

/** Whether `key` is a temporary file of a `put` that never finished (local disk only). */
export function isPartialKey(key: string): boolean {
  return partialPattern.test(key);
}

/** Whether `name` is a folder name the store accepts (`migrate-files` walks the folders). */
export function isFolder(name: string): boolean {
  return folderPattern.test(name);
}
