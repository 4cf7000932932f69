// nginx for the proxy tests (installed by `bash scripts/setup.sh --services`): a configuration in `dir`, its pid, error
// log and temp files there too.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export function nginxInstalled(): boolean {
  try {
    execFileSync('bash', ['-c', 'command -v nginx'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Runs nginx on `dir`/nginx.conf with `args` (none: start it; `-t`: check the file; `-s stop`: stop it). */
export function nginx(dir: string, ...args: string[]): void {
  const conf = join(dir, 'nginx.conf');
  execFileSync('nginx', [...args, '-p', dir, '-c', conf, '-e', join(dir, 'error.log'), '-g', `pid ${dir}/nginx.pid;`], {
    stdio: 'pipe',
  });
}
