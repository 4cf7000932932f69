// The files the SQLite store keeps for one database file: the database, SQLite's WAL and shared memory, the session
// secret (sqlite.ts) and the input log's journal directory (journal-files.ts). One list, so that whoever removes a
// database (the e2e suite's servers once a run passed) removes all of it.
import { rmSync } from 'node:fs';
import { journalDir } from './journal-files.js';

/** Where the store keeps the secret that signs its session tokens. */
export const sessionSecretFile = (path: string): string => `${path}.session-secret`;

/** Removes every file the store kept for the database `path` (none need exist). */
export function removeDatabase(path: string): void {
  for (const f of [path, `${path}-wal`, `${path}-shm`, sessionSecretFile(path)]) rmSync(f, { force: true });
  rmSync(journalDir(path), { recursive: true, force: true });
}
