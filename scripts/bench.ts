// pnpm bench <engine|bots|server|client> [options] — runs one benchmark script; each prints what it measures and on what load.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const BENCHES: Record<string, string> = {
  engine: 'packages/engine/bench/engine.ts',
  bots: 'packages/bots/bench/bots.ts',
  server: 'packages/server/bench/server.ts',
  client: 'packages/client/bench/client.ts',
};
const [name, ...rest] = process.argv.slice(2);
const file = name ? BENCHES[name] : undefined;
if (!file || !existsSync(file)) {
  console.error(`usage: pnpm bench <${Object.keys(BENCHES).join('|')}> [options]`);
  process.exit(2);
}
const r = spawnSync(process.execPath, ['--import', 'tsx', file, ...rest], { stdio: 'inherit' });
process.exit(r.status ?? 1);
