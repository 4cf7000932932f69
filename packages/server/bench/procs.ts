// Processes and CPU readings for the benchmarks (Linux /proc): a free loopback port, CPU time of a process and of the
// whole machine.
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';

/** A port free on 127.0.0.1 right now (the OS picks it: never a fixed or guessed port, the machine is shared). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** CPU seconds used by the whole machine (all cores, user + nice + system + irq + softirq; /proc/stat). */
export function machineCpu(): number {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return (f[0]! + f[1]! + f[2]! + f[5]! + f[6]!) / 100;
  } catch {
    return 0;
  }
}

/** A process's CPU seconds, all its threads, user and system (kernel: socket writes and reads), or null. */
export function processCpu(pid: number): { user: number; sys: number; total: number } | null {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const user = Number(f[11]) / 100;
    const sys = Number(f[12]) / 100;
    return { user, sys, total: user + sys };
  } catch {
    return null;
  }
}
