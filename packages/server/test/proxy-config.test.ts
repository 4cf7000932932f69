// The proxy's one configuration (deploy/nginx.conf.template) and its two renderers cannot drift apart: the variables
// the template uses are exactly those docker-compose.yml gives the nginx image (whose envsubst filter lets only them
// through) and those scripts/cluster.sh renders on loopback, and the rendered file is one nginx accepts (`nginx -t`,
// installed by `bash scripts/setup.sh --services`). The routing itself is played through in
// e2e/tests/cluster.e2e.ts.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nginx, nginxInstalled } from './nginx.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (f: string) => readFileSync(join(root, f), 'utf8');
const template = read('deploy/nginx.conf.template');
const compose = read('docker-compose.yml');
const cluster = read('scripts/cluster.sh');

const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort();
const used = sorted([...template.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]!));

/** The nginx service's block of docker-compose.yml (up to the next top-level key or service). */
function nginxService(): string {
  const m = compose.match(/\n {2}nginx:\n([\s\S]*?)(?=\n {2}\w[\w-]*:\n|\n\w)/);
  if (!m) throw new Error('docker-compose.yml has no nginx service');
  return m[1]!;
}

describe('the proxy configuration', () => {
  it('uses only PROXY_ variables (nginx keeps its own $variables), the ones compose and cluster.sh set', () => {
    expect(used).toEqual(['PROXY_GAME1', 'PROXY_GAME2', 'PROXY_LISTEN']);
    const svc = nginxService();
    expect(svc).toMatch(/NGINX_ENVSUBST_FILTER: \^PROXY_\n/);
    expect(svc).toMatch(/NGINX_ENVSUBST_OUTPUT_DIR: \/etc\/nginx\n/);
    expect(svc).toContain('./deploy/nginx.conf.template:/etc/nginx/templates/nginx.conf.template:ro');
    expect(sorted([...svc.matchAll(/\n\s+(PROXY_\w+):/g)].map((m) => m[1]!))).toEqual(used);
    const substituted = cluster.match(/envsubst '([^']+)'/);
    expect(substituted, 'cluster.sh renders with envsubst and a list of variables').toBeTruthy();
    expect(sorted([...substituted![1]!.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]!))).toEqual(used);
  });

  it('renders to a configuration nginx accepts', () => {
    if (!nginxInstalled()) throw new Error('nginx is not installed (bash scripts/setup.sh --services)');
    const dir = mkdtempSync(join(tmpdir(), 'se-proxy-'));
    try {
      const values: Record<string, string> = {
        PROXY_LISTEN: '127.0.0.1:1',
        PROXY_GAME1: '127.0.0.1:2',
        PROXY_GAME2: '127.0.0.1:3',
      };
      writeFileSync(
        join(dir, 'nginx.conf'),
        template.replace(/\$\{(\w+)\}/g, (_, k: string) => values[k]!),
      );
      nginx(dir, '-t', '-q');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
