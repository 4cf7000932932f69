// The input log's journal files on SQLite (sqlite-journal.ts writes them): where they are, how a line
// reads, and how another start takes an owner's journal over. Each process start (owner `name#epoch`) appends to
// segments of its own, `<owner in base64url>.<n>`, in a directory beside the database file.
// The fence is the file's link count. The owner checks, after each write, that its segment has one name, and acts
// on what it wrote only then. A taker first gives every segment of the owner a second name (link), then reads
// them: a line the owner wrote before the link is read; one written after it the owner never acts on (it sees two
// names). Deleting the segments later (no name left) fences the same way. A new segment is only taken into use after
// the owner checked the previous one still has one name, and the taker lists again after linking until no new
// segment shows, so no segment escapes the fence.
import { linkSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

/** One line of a journal: an append (types.ts Storage.append). */
export interface JournalRow {
  roomId: string;
  seq: number;
  at: number;
  entry: string;
}

/** A place in an owner's journal: the segment, and the byte offset in it. */
export interface JournalPlace {
  segment: number;
  offset: number;
}

/** The journal directory of the database file `path`. */
export const journalDir = (path: string): string => `${path}.inputs`;

const ownerName = (owner: string): string => Buffer.from(owner).toString('base64url');

/** The file of segment `n` of `owner` (as stored: `name#epoch`). */
export const segmentFile = (dir: string, owner: string, n: number): string => join(dir, `${ownerName(owner)}.${n}`);

/** Throws unless `roomId` can be a journal's first field (checked once, when the room's log opens). */
export function checkJournalRoomId(roomId: string): void {
  if (/[\t\n]/.test(roomId)) throw new Error(`room id ${JSON.stringify(roomId)}: a tab or line break`);
}

/** The line of one append (JSON.stringify writes no tab or line break; room ids: checkJournalRoomId). */
export function journalLine(r: JournalRow): string {
  return `${r.roomId}\t${r.seq}\t${r.at}\t${r.entry}\n`;
}

/** The whole lines of `text` (a line cut short by a crash mid-write is no append: its room never acted on it). */
export function journalRows(text: string): JournalRow[] {
  const rows: JournalRow[] = [];
  let from = 0;
  for (let end = text.indexOf('\n'); end >= 0; from = end + 1, end = text.indexOf('\n', from)) {
    const [roomId, seq, at, entry] = text.slice(from, end).split('\t', 4);
    if (entry === undefined) throw new Error(`journal line ${rows.length + 1}: not room, seq, at and entry`);
    rows.push({ roomId: roomId!, seq: Number(seq), at: Number(at), entry });
  }
  return rows;
}

/** The file names in `dir` (none when it does not exist). */
function namesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** The segments in `dir`: each file `<owner in base64url>.<n>` (fences and other files left out). */
function segmentsIn(dir: string): { owner: string; n: number }[] {
  return namesIn(dir).flatMap((name) => {
    const m = /^([\w-]+)\.(\d+)$/.exec(name);
    return m ? [{ owner: m[1]!, n: Number(m[2]) }] : [];
  });
}

/** The owners (as stored) that have a journal in `dir`. */
export function journalOwners(dir: string): string[] {
  const owners = new Set(segmentsIn(dir).map((s) => s.owner));
  return [...owners].map((o) => Buffer.from(o, 'base64url').toString());
}

/** The segments of `owner` in `dir`, in order. */
export function segmentsOf(dir: string, owner: string): number[] {
  const name = ownerName(owner);
  return segmentsIn(dir)
    .filter((s) => s.owner === name)
    .map((s) => s.n)
    .sort((a, b) => a - b);
}

/**
 * Fences `owner` out of its journal (each segment gets a second name) and returns the rows it holds after `from`
 * (where the table's fill of that journal had come to; null: from the start), in order.
 */
export function fenceAndRead(dir: string, owner: string, from: JournalPlace | null): JournalRow[] {
  const fenced = new Set<number>();
  for (let found = segmentsOf(dir, owner); found.some((n) => !fenced.has(n)); found = segmentsOf(dir, owner))
    for (const n of found) if (!fenced.has(n) && fence(segmentFile(dir, owner, n))) fenced.add(n);
  const rows: JournalRow[] = [];
  for (const n of [...fenced].sort((a, b) => a - b)) {
    if (from && n < from.segment) continue;
    const bytes = readFileSync(`${segmentFile(dir, owner, n)}.fence`);
    rows.push(...journalRows(bytes.subarray(from && n === from.segment ? from.offset : 0).toString('utf8')));
  }
  return rows;
}

/** Links `file` to `file.fence`; false when the file is gone (its owner deleted it: all of it was in the table). */
function fence(file: string): boolean {
  try {
    linkSync(file, `${file}.fence`);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return true; // fenced by an earlier take that did not commit
    if (code === 'ENOENT') return false;
    throw err;
  }
}

/** Deletes every file of `owner`'s journal (segments and fences); a file already gone is no error. */
export function deleteJournal(dir: string, owner: string): void {
  const prefix = `${ownerName(owner)}.`;
  for (const n of namesIn(dir)) if (n.startsWith(prefix)) unlinkQuietly(join(dir, n));
}

export function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
