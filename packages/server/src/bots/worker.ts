// One thread of the bot pool (pool.ts): answers one bot request at a time, off the rooms' event loop. Pure: the
// request carries everything the bot may see (view.ts made it), the answer goes back with the request's id.
import { parentPort, workerData } from 'node:worker_threads';
import { botAnswer } from './levels.js';
import type { ToWorker, FromWorker } from './pool.js';

const port = parentPort!;
/** Tests read what the worker received (pool option `echo`): the request comes back beside the answer. */
const echo = !!(workerData as { echo?: boolean } | null)?.echo;

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
