// What the kill -9 tests share (crash.test.ts, crash-computer.test.ts): a storage of the kind under test (a SQLite
// file, or a throwaway PostgreSQL) that outlives the server process, the process itself (killed and started again on
// the same address), the clients to close at the end, and the draft's pick count.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { MatchRoomState } from '../src/output/state.js';
import type { TestClient } from './harness.js';
import { stop, type ServerProcess } from './processes.js';
import { startServices, type Services } from './services.js';

export interface CrashRig {
  /** The process' environment: its instance name, its storage, and `extra`. */
  env: Record<string, string>;
  proc: ServerProcess | null;
  /** Closes the client at the end of the file. */
  track(c: TestClient): TestClient;
}

/** Sets up (beforeAll) and tears down (afterAll) the storage and the process of one suite. */
export function crashRig(kind: 'sqlite' | 'postgres', name: string, extra: Record<string, string> = {}): CrashRig {
  let services: Services | null = null;
  let dir = '';
  const open: TestClient[] = [];
  const rig: CrashRig = {
    env: {},
    proc: null,
    track: (c) => {
      open.push(c);
      return c;
    },
  };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), `se-${name}-${kind}-`));
    // Every client of a test comes from 127.0.0.1: one address's matchmaking limit would not cover its rooms.
    rig.env = {
      INSTANCE_ID: `${name}-${kind}`,
      SQLITE_PATH: join(dir, 'star-eater.sqlite'),
      MATCHMAKE_LIMIT: '500/500',
      ...extra,
    };
    if (kind === 'postgres') {
      services = startServices('postgres');
      rig.env.DATABASE_URL = services.env.DATABASE_URL!;
    }
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.leave()));
    await stop(rig.proc);
    services?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return rig;
}

/** Draft picks made so far, both seats (RULES §5). */
export const picks = (st: MatchRoomState) =>
  st.seats
    .map(
      (s) =>
        (['main', 'broadside', 'fighterBay', 'pointDefence'] as const).filter((k) => s[k]).length + s.squadrons.length,
    )
    .reduce((a, b) => a + b, 0);
