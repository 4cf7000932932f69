// `pnpm --filter @star-eater/server build`: the production server as one ES module, dist/main.js, run by plain
// `node dist/main.js` (no tsx), and the bot pool's thread script, dist/bot-worker.js. The workspace packages (engine, protocol: TypeScript sources) are bundled in; the
// npm dependencies stay external and come from node_modules (`pnpm deploy --prod` in the Dockerfile).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@star-eater/'));

await build({
  // The bot pool's thread script is its own entry (src/bots/pool.ts starts dist/bot-worker.js when bundled).
  entryPoints: { main: 'src/main.ts', 'bot-worker': 'src/bots/worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  logLevel: 'warning',
});
console.log('packages/server/dist/main.js and bot-worker.js built');
