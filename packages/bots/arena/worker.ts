// An arena worker thread: plays the matches it is given and posts their outcomes.
import { parentPort, workerData } from 'node:worker_threads';
import { type ArenaOptions, playArenaMatch } from './arena.js';

const { options, indices } = workerData as { options: ArenaOptions; indices: number[] };
parentPort!.postMessage(indices.map((i) => playArenaMatch(options, i)));
