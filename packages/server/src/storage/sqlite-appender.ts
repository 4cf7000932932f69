// The input log's appends on SQLite off the rooms' event loop (issue 11; INPUT_LOG_THREAD=on): a thread with a
// connection of its own commits every append that reached it in one turn as one transaction (a group commit) and
// answers each. The rooms' thread then never writes, but each append costs two hand-overs between threads, which
// cost more CPU than the write (bench: +0.25 ms of server CPU per round at 1,000 matches, against about +0.03 ms for
// the group commits on the rooms' own thread that openStorage uses: sqlite-group-commit.ts). The room still applies
// an input only once its commit is answered (log/input-log.ts), so a kill -9 never loses an input the room acted
// on. Same owner fence as the other path (sqlite-log.ts).
import { Worker } from 'node:worker_threads';
import { timedAppend } from './append-cost.js';
import { FENCED_APPEND } from './sqlite-log.js';
import { LeaseLost } from './types.js';

/** The thread (plain CommonJS, evaluated as is: no loader needed under tsx, vitest or plain node). */
const APPENDER = `
const { parentPort, workerData } = require('node:worker_threads');
process.removeAllListeners('warning');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.path);
db.exec('PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = 0');
const insert = db.prepare(${JSON.stringify(FENCED_APPEND)});
let queue = [];
function flush() {
  const batch = queue;
  queue = [];
  if (!batch.length) return;
  const out = batch.map(() => 0);
  try {
    db.exec('BEGIN IMMEDIATE');
    batch.forEach((m, i) => {
      try { out[i] = Number(insert.run(m.seq, m.at, m.entry, m.room, m.owner).changes) === 1 ? 1 : 0; }
      catch (e) { out[i] = String((e && e.message) || e); }
    });
    db.exec('COMMIT');
  } catch (e) {
    try { db.exec('ROLLBACK'); } catch {}
    out.fill(String((e && e.message) || e));
  }
  parentPort.postMessage({ ns: batch.map((m) => m.n), out });
}
parentPort.on('message', (m) => {
  if (m === 'close') { flush(); db.close(); parentPort.close(); return; }
  queue.push(m);
  if (queue.length === 1) setImmediate(flush);
});`;

interface Pending {
  roomId: string;
  resolve: () => void;
  reject: (e: Error) => void;
}

export class SqliteAppender {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private n = 0;
  private exited = false;

  constructor(path: string) {
    this.worker = new Worker(APPENDER, { eval: true, workerData: { path } });
    this.worker.on('message', (m: { ns: number[]; out: Array<0 | 1 | string> }) => this.answered(m));
    this.worker.on('error', (e) => this.failAll(e));
    this.worker.on('exit', () => {
      this.exited = true;
      this.failAll(new Error('the SQLite appender thread exited'));
    });
    this.worker.unref();
  }

  /** Resolves once the row is committed; LeaseLost when the fence refused it. */
  append(roomId: string, owner: string, seq: number, at: number, entry: string): Promise<void> {
    if (this.exited) return Promise.reject(new Error('the SQLite appender thread has exited'));
    const n = ++this.n;
    const done = new Promise<void>((resolve, reject) => this.pending.set(n, { roomId, resolve, reject }));
    this.worker.ref(); // an append in flight keeps the process alive until it is committed
    this.worker.postMessage({ n, room: roomId, owner, seq, at, entry });
    return timedAppend(done);
  }

  private answered(m: { ns: number[]; out: Array<0 | 1 | string> }): void {
    m.ns.forEach((n, i) => {
      const p = this.pending.get(n);
      if (!p) return;
      this.pending.delete(n);
      const r = m.out[i];
      if (r === 1) p.resolve();
      else if (r === 0) p.reject(new LeaseLost(p.roomId));
      else p.reject(new Error(`input log append: ${r}`));
    });
    if (!this.pending.size) this.worker.unref();
  }

  private failAll(e: Error): void {
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }

  /** Commits what it was given, then stops. */
  async close(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise((r) => this.worker.once('exit', r));
    this.worker.ref(); // the process waits for the last commits and the thread's exit
    this.worker.postMessage('close');
    await exited;
  }
}
