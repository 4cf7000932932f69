// The players' HTTP API: sessions (a guest made on the first visit, its token in an HttpOnly cookie and in the
// answer for the SDK's client.auth.token), renaming, sign-out everywhere, profiles, game lists, rating history and
// the leaderboard. Every parameter is checked; a refusal is a 400 naming what was wrong, an unknown player a 404.
import { randomBytes } from 'node:crypto';
import { calibratedRating } from '@star-eater/bots';
import { NAME_MAX_INPUT, PRACTICE_LEVELS, sanitizeName } from '@star-eater/protocol';
import type { Application, Request, Response } from 'express';
import { isProvisional, PROVISIONAL_RD } from '../players/glicko.js';
import { SESSION_DAYS, type Sessions } from '../players/session.js';
import {
  type GameEntry,
  type GameFilter,
  parseCursor,
  type Player,
  type PlayerStore,
} from '../storage/player-store.js';

export const SESSION_COOKIE = 'se_session';
/** The name a player gets when they give none (as a seat without a name: seats/admission.ts). */
export const DEFAULT_NAME = 'Captain';
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const PAGE = 20;
/** GET /api/leaderboard: established (not provisional, this many rated matches) and active (one in this window). */
export const LEADERBOARD_MIN_GAMES = 5;
export const LEADERBOARD_ACTIVE_MS = 30 * 86_400_000;

const bad = (res: Response, error: string) => void res.status(400).json({ error });

/** The token of a request: the SDK's bearer header, else the session cookie. */
export function requestToken(req: Request): string | null {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || null;
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === SESSION_COOKIE) return decodeURIComponent(v.join('=')) || null;
  }
  return null;
}

/** Sets (or, with null, clears) the session cookie; a passkey's sign-in sets it too (players/passkeys.ts). */
export function setCookie(req: Request, res: Response, token: string | null): void {
  const secure = req.secure ? '; Secure' : '';
  const value = token ?? '';
  const age = token ? SESSION_DAYS * 86_400 : 0;
  res.setHeader(
    'Set-Cookie',
    `${SESSION_COOKIE}=${encodeURIComponent(value)}; Path=/; Max-Age=${age}; HttpOnly; SameSite=Lax${secure}`,
  );
}

/** `{ name? }`: the cleaned name (today's rules: protocol names.ts), undefined when absent; or the refusal. */
function nameIn(
  body: unknown,
  required: boolean,
): { ok: true; name: string | undefined } | { ok: false; error: string } {
  const given = body === undefined || body === '' ? {} : body;
  if (typeof given !== 'object' || given === null || Array.isArray(given))
    return { ok: false, error: 'the body must be a JSON object' };
  const extra = Object.keys(given).filter((k) => k !== 'name');
  if (extra.length) return { ok: false, error: `unknown field "${extra[0]}": only "name" may be given` };
  const raw = (given as { name?: unknown }).name;
  if (raw === undefined) return required ? { ok: false, error: 'name: required' } : { ok: true, name: undefined };
  if (typeof raw !== 'string') return { ok: false, error: 'name: must be a string' };
  if (raw.length > NAME_MAX_INPUT) return { ok: false, error: `name: at most ${NAME_MAX_INPUT} characters` };
  const name = sanitizeName(raw);
  if (!name) return { ok: false, error: 'name: nothing showable is left of it' };
  return { ok: true, name };
}

/** The query may hold only these keys, each at most once. */
function queryError(req: Request, allowed: readonly string[]): string | null {
  for (const [k, v] of Object.entries(req.query)) {
    if (!allowed.includes(k))
      return `unknown query parameter "${k.slice(0, 40)}" (allowed: ${allowed.join(', ') || 'none'})`;
    if (typeof v !== 'string') return `${k}: give it once, as a plain value`;
  }
  return null;
}

export function profileOf(p: Player) {
  return {
    value: p.rating.rating,
    rd: p.rating.rd,
    volatility: p.rating.volatility,
    provisional: isProvisional(p.rating),
  };
}

function gameOf(g: GameEntry) {
  const r = g.row;
  return {
    recordId: r.hasRecord ? r.matchId : null,
    rated: r.rated,
    result: r.result,
    reason: r.reason,
    /** Why a match that could count did not ('pair-limit': the pair's 3 rated matches a day were played). */
    casualBecause: r.casualBecause,
    opponent: { id: r.opponentId, name: r.opponentName, bot: r.opponentBot !== null, level: r.opponentBot },
    ratingBefore: r.ratingBefore,
    ratingAfter: r.after?.rating ?? null,
    rounds: r.rounds,
    endedAt: new Date(r.endedAt).toISOString(),
  };
}

/** A refusal: the status and the sentence that names what was wrong. */
export interface Refusal {
  status: 400 | 401 | 404;
  error: string;
}
export const isRefusal = (x: unknown): x is Refusal =>
  typeof x === 'object' && x !== null && 'status' in x && 'error' in x;
const send = (res: Response, r: Refusal) => void res.status(r.status).json({ error: r.error });

/** The request's player (its bearer token or cookie), or a 401 naming why. */
export async function signedIn(sessions: Sessions, req: Request): Promise<Player | Refusal> {
  const token = requestToken(req);
  if (!token) return { status: 401, error: 'no session: POST /api/session first' };
  const v = await sessions.verify(token);
  return v.ok ? v.player : { status: 401, error: v.reason };
}

/** The player of `:id` (the query holding only `query`'s keys), or a 400 (malformed) / 404 (unknown). */
async function named<T = Player>(
  players: PlayerStore,
  req: Request,
  query: readonly string[],
  load: (id: string) => Promise<T | null> = (id) => players.get(id) as Promise<T | null>,
): Promise<T | Refusal> {
  const id = String(req.params.id);
  if (!ID.test(id)) return { status: 400, error: 'player id: letters, digits, "-" and "_" only, at most 64' };
  const q = queryError(req, query);
  if (q) return { status: 400, error: q };
  return (await load(id)) ?? { status: 404, error: `no player "${id}"` };
}

export function mountPlayers(app: Application, sessions: Sessions, now: () => number = Date.now): void {
  mountSessions(app, sessions, now);
  mountProfiles(app, sessions.players, now);
  // The computer levels' calibrated ratings (bots' calibration.ts), shown beside each level; bots are never rated.
  app.get('/api/computer-levels', (req, res) => {
    const q = queryError(req, []);
    if (q) return bad(res, q);
    res.json({ levels: PRACTICE_LEVELS.map((level) => ({ level, rating: calibratedRating(level) })) });
  });
}

/** POST /api/session (a guest, or the cookie's player), sign-outs, PATCH /api/players/me (renaming). */
function mountSessions(app: Application, sessions: Sessions, now: () => number): void {
  const players = sessions.players;
  app.post('/api/session', async (req, res) => {
    const given = nameIn(req.body, false);
    if (!given.ok) return bad(res, given.error);
    const token = requestToken(req);
    const known = token ? await sessions.verify(token) : null;
    let player = known?.ok ? known.player : null;
    if (!player)
      player = await players.create(randomBytes(12).toString('base64url'), given.name ?? DEFAULT_NAME, now());
    const fresh = await sessions.issue(player);
    setCookie(req, res, fresh);
    res.json({ player: { id: player.id, name: player.name }, token: fresh });
  });

  app.post('/api/session/signout', (req, res) => {
    setCookie(req, res, null);
    res.json({ signedOut: true });
  });

  app.post('/api/session/signout-everywhere', async (req, res) => {
    const p = await signedIn(sessions, req);
    if (isRefusal(p)) return send(res, p);
    await players.signOutEverywhere(p.id);
    setCookie(req, res, null);
    res.json({ signedOut: true });
  });

  app.patch('/api/players/me', async (req, res) => {
    const p = await signedIn(sessions, req);
    if (isRefusal(p)) return send(res, p);
    const given = nameIn(req.body, true);
    if (!given.ok) return bad(res, given.error);
    await players.rename(p.id, given.name!);
    res.json({ player: { id: p.id, name: given.name } });
  });
}

/** Profiles, game lists, rating history, the leaderboard. */
function mountProfiles(app: Application, players: PlayerStore, now: () => number): void {
  app.get('/api/players/:id', async (req, res) => {
    // the player and their counts in one read: a result being written shows whole or not at all
    const found = await named(players, req, [], (id) => players.profile(id));
    if (isRefusal(found)) return send(res, found);
    const { player: p, games } = found;
    res.json({ id: p.id, name: p.name, rating: profileOf(p), games, createdAt: new Date(p.createdAt).toISOString() });
  });

  app.get('/api/players/:id/games', async (req, res) => {
    const p = await named(players, req, ['filter', 'before']);
    if (isRefusal(p)) return send(res, p);
    const filter = (req.query.filter ?? 'all') as string;
    if (!['all', 'rated', 'casual'].includes(filter)) return bad(res, 'filter: one of all, rated, casual');
    const before = req.query.before === undefined ? null : parseCursor(String(req.query.before));
    if (req.query.before !== undefined && !before) return bad(res, 'before: not a cursor this API gave (its "next")');
    const rows = await players.games(p.id, filter as GameFilter, before, PAGE + 1);
    const page = rows.slice(0, PAGE);
    res.json({ games: page.map(gameOf), next: rows.length > PAGE ? page[PAGE - 1]!.cursor : null });
  });

  app.get('/api/players/:id/rating-history', async (req, res) => {
    const p = await named(players, req, []);
    if (isRefusal(p)) return send(res, p);
    const points = await players.ratingHistory(p.id);
    res.json({
      points: points.map((x) => ({
        recordId: x.matchId,
        rating: x.rating,
        rd: x.rd,
        endedAt: new Date(x.endedAt).toISOString(),
      })),
    });
  });

  app.get('/api/leaderboard', async (req, res) => {
    const q = queryError(req, ['limit']);
    if (q) return bad(res, q);
    const raw = req.query.limit === undefined ? '50' : String(req.query.limit);
    if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1 || Number(raw) > 100)
      return bad(res, 'limit: a whole number from 1 to 100');
    const since = now() - LEADERBOARD_ACTIVE_MS;
    const top = await players.leaderboard(Number(raw), since, LEADERBOARD_MIN_GAMES, PROVISIONAL_RD);
    res.json({
      players: top.map((p) => ({
        id: p.id,
        name: p.name,
        rating: p.rating.rating,
        rd: p.rating.rd,
        games: p.ratedGames,
      })),
    });
  });
}
