// Who this browser plays as: a guest player made on first load (POST /api/session; the server keeps it in an
// HttpOnly cookie, so a reload or a new tab is the same player), whose signed token goes with every matchmaking
// request as the SDK's bearer token (client.auth.token). The token expires: it is fetched again shortly before.
// Without a session (the server refused, or is not reachable) the page still plays, as a guest seat, unrated.
import { ApiError, postJson, sendJson } from './api.js';
import type { PlayerRef, SessionAnswer } from './player-api.js';

export type IdentityState =
  | { kind: 'loading' }
  | { kind: 'player'; player: PlayerRef }
  | { kind: 'guest'; why: string };

/** Fetch a fresh token this long before the current one expires. */
const REFRESH_BEFORE_MS = 60_000;

/** The `exp` of a JWT (seconds since the epoch), read without verifying it (the server verifies). */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

export class Identity {
  state: IdentityState = { kind: 'loading' };
  private listeners = new Set<(s: IdentityState) => void>();
  private refresh: ReturnType<typeof setTimeout> | undefined;
  private started: Promise<void> | null = null;

  /** `useToken`: hands the bearer token to the room client (Session.authorize). */
  constructor(private readonly useToken: (token: string) => void) {}

  get player(): PlayerRef | null {
    return this.state.kind === 'player' ? this.state.player : null;
  }

  /** Calls `l` now and on every change; returns the way to stop. */
  listen(l: (s: IdentityState) => void): () => void {
    this.listeners.add(l);
    l(this.state);
    return () => this.listeners.delete(l);
  }

  /** The session of this browser (made with `name` when it is a new guest). Resolves once known, either way. */
  start(name: string): Promise<void> {
    this.started ??= this.fetchSession(name);
    return this.started;
  }

  /** The player this browser is now (a passkey's sign-in answers with another one). */
  adopt(a: SessionAnswer): void {
    this.useToken(a.token);
    this.scheduleRefresh(a.token);
    this.set({ kind: 'player', player: a.player });
  }

  /** Renames the player (the server applies the name rules and answers with the name it kept). */
  async rename(name: string): Promise<string> {
    const p = this.player;
    if (!p) throw new Error('not signed in: the name is only used for this match');
    const a = await sendJson<{ player: PlayerRef }>('PATCH', '/api/players/me', { name });
    this.set({ kind: 'player', player: a.player });
    return a.player.name;
  }

  /**
   * Signs this browser out (`everywhere`: every session of the player, on every device, ends too) and makes it a new
   * guest. The player is reached again only with a passkey.
   */
  async signOut(everywhere: boolean): Promise<void> {
    await postJson(everywhere ? '/api/session/signout-everywhere' : '/api/session/signout');
    this.set({ kind: 'loading' });
    this.started = this.fetchSession();
    await this.started;
  }

  /** A new guest gets `name` (none: the server's default). */
  private async fetchSession(name?: string): Promise<void> {
    try {
      this.adopt(await postJson<SessionAnswer>('/api/session', name ? { name } : {}));
    } catch (e) {
      const why = e instanceof ApiError ? e.message : `the server is not reachable (${(e as Error).message})`;
      console.warn(`playing as a guest, unrated: ${why}`);
      this.set({ kind: 'guest', why });
    }
  }

  private scheduleRefresh(token: string): void {
    clearTimeout(this.refresh);
    const exp = tokenExpiry(token);
    if (exp === null) return;
    // setTimeout holds at most 2^31-1 ms (about 24 days): a longer token is fetched again then.
    const inMs = Math.min(2 ** 31 - 1, Math.max(5_000, exp * 1000 - Date.now() - REFRESH_BEFORE_MS));
    this.refresh = setTimeout(() => {
      this.started = this.fetchSession(this.player?.name);
    }, inMs);
  }

  private set(s: IdentityState): void {
    this.state = s;
    for (const l of this.listeners) l(s);
  }
}
