// Starts a throwaway PostgreSQL and/or Redis (scripts/services.sh) for a test file.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../../../scripts/services.sh', import.meta.url));

/** Whether the binaries of the services are installed (`bash scripts/setup.sh --services`); default: both. */
export function servicesInstalled(what: 'postgres' | 'redis' | 'all' = 'all'): boolean {
  try {
    execFileSync('bash', [script, 'check', what], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export interface Services {
  dir: string;
  env: Record<string, string>;
  stop(): void;
}

export function startServices(what: 'postgres' | 'redis' | 'all'): Services {
  const out = execFileSync('bash', [script, 'start', what], { encoding: 'utf8', timeout: 60_000 });
  const env = Object.fromEntries(
    out
      .trim()
      .split('\n')
      .map((l) => l.split('=') as [string, string])
      .map(([k, ...rest]) => [k, rest.join('=')]),
  ) as Record<string, string>;
  const dir = env.SERVICES_DIR!;
  return { dir, env, stop: () => execFileSync('bash', [script, 'stop', dir], { stdio: 'ignore' }) };
}
