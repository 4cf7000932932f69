// Loaded into the bench's server process by `pnpm bench server --survivors FILE` (node --import): V8's sampling heap
// profiler over the measuring window, counting only the objects that outlived a young-generation collection (those a
// minor GC collected left out, those a later major GC collected kept). These are what the scavenger copies and
// promotes and what the major GC then marks and sweeps, by the function that allocated them; an object that dies
// young costs the collector almost nothing. The first SIGUSR2 starts the window, the next writes the profile to
// SURVIVORS_FILE (then renamed into place, so that the bench never reads half a file). Each step is announced on
// `process` ('survivors-hook', 'started' | 'written') for a script that loads the hook itself.
// The profile is taken right after a young-generation collection: otherwise it would also hold everything allocated
// since the last one (seconds of a loaded server's allocation, nearly all of it already dead), which no scavenge has
// judged yet.
import { renameSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const file = process.env.SURVIVORS_FILE;
if (!file) throw new Error('survivors-hook: SURVIVORS_FILE is not set');

setFlagsFromString('--expose-gc');
/** V8's gc() (the flag above exposes it to contexts made after it). */
const gc = runInNewContext('gc') as (options: { type: 'minor'; execution: 'sync' }) => void;

const session = new Session();
session.connect();
let sampling = false;

process.on('SIGUSR2', () => {
  const step = sampling ? stop(file) : start();
  sampling = !sampling;
  step.catch((err: unknown) => {
    console.error('survivors-hook:', err);
    process.exit(1);
  });
});

async function start(): Promise<void> {
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: Number(process.env.SURVIVORS_INTERVAL ?? 2048),
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: false,
  });
  process.emit('survivors-hook' as 'message', 'started', undefined);
}

async function stop(to: string): Promise<void> {
  gc({ type: 'minor', execution: 'sync' });
  const { profile } = await session.post('HeapProfiler.stopSampling');
  writeFileSync(`${to}.part`, JSON.stringify(profile));
  renameSync(`${to}.part`, to);
  process.emit('survivors-hook' as 'message', 'written', undefined);
}
