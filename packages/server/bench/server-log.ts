// The bench server's log lines (warn and above, pino's JSON), counted by message from its start to the end of the
// window: a line at this level under load is a problem the figures must show.

export interface ServerLog {
  lines: number;
  messages: Record<string, number>;
  /** Still counting: the shutdown after the window is noise. */
  open: boolean;
}

export function countLine(log: ServerLog, l: string): void {
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
