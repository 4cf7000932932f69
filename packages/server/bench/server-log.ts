// The bench server's log lines (warn and above, pino's JSON), counted by message from its start to the end of the
// window: a line at this level under load is a problem the figures must show. With --server-log FILE they are also
// appended to FILE, whole lines only, between the bench's own marks of the measuring window.
import { appendFileSync } from 'node:fs';
import type { Readable } from 'node:stream';

export interface ServerLog {
  lines: number;
  messages: Record<string, number>;
  /** Still counting: the shutdown after the window is noise. */
  open: boolean;
}

/** The server's stdout, counted while the log is open and, with `file`, appended to it. */
export function readServerLog(stdout: Readable, file: string | undefined): ServerLog {
  const log: ServerLog = { lines: 0, messages: {}, open: true };
  let partial = '';
  stdout.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    // Whole lines only, so that the window's marks (markServerLog) fall between two of them.
    if (file && lines.length) appendFileSync(file, `${lines.join('\n')}\n`);
    if (log.open) for (const l of lines) countLine(log, l);
  });
  stdout.on('end', () => {
    if (file && partial) appendFileSync(file, `${partial}\n`);
  });
  return log;
}

/**
 * A line of the bench's own in the log's `file`: what the server printed after it (V8's --trace-opt, say) happened
 * after that point of the run.
 */
export function markServerLog(file: string | undefined, what: string): void {
  if (file) appendFileSync(file, `--- bench: ${what} ---\n`);
}

function countLine(log: ServerLog, l: string): void {
  if (!l.trim()) return;
  log.lines += 1;
  let msg = l.slice(0, 100);
  try {
    msg = (JSON.parse(l) as { msg?: string }).msg ?? msg;
  } catch {
    // not a pino line
  }
  log.messages[msg] = (log.messages[msg] ?? 0) + 1;
}
