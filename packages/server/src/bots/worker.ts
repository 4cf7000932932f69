// One thread of the bot pool (pool.ts): answers one bot request at a time, off the rooms' event loop. Pure: the
// request carries everything the bot may see (view.ts made it), the answer goes back with the request's id.
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { botAnswer } from './levels.js';
import type { ToWorker, FromWorker } from './pool.js';

const port = parentPort!;
/** Tests read what the worker received (pool option `echo`): the request comes back beside the answer. */
const data = (workerData ?? {}) as { echo?: boolean; nice?: number };
const echo = !!data.echo;

// The rooms come first: this thread runs at a lower scheduling priority (Linux: a thread's own nice value, set
// through its kernel thread id), so a core shared with the rooms' event loop goes to the rooms when both want it.
// Lower than the process' own (which it inherited): a server started under `nice` keeps its rooms first too.
if (data.nice) {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid)) setPriority(tid, Math.min(19, getPriority(tid) + data.nice));
  } catch {
    // Not Linux, or not allowed: the thread keeps the process' priority.
  }
}

port.on('message', (m: ToWorker) => {
  let reply: FromWorker;
  try {
    const answer = botAnswer(m.level, m.request, m.options);
    reply = { id: m.id, answer, ...(echo ? { received: m } : {}) };
  } catch (e) {
    reply = { id: m.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  port.postMessage(reply);
});
