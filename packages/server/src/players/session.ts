// Session tokens: a JWT signed with HS256 (jose) whose `sub` is the player's id, with an expiry and the player's
// session version (`ver`): "sign out everywhere" raises the version, and every token issued before is refused.
// The key is SESSION_SECRET, or one the store made on its first start and keeps (storage: sessionSecret).
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Player, PlayerStore } from '../storage/player-store.js';

/** How long a session lasts without being renewed (POST /api/session renews it). */
export const SESSION_DAYS = 90;
const ISSUER = 'star-eater';

export type Verified = { ok: true; player: Player } | { ok: false; reason: string };

export class Sessions {
  private readonly key: Uint8Array;
  /** Each matchmaking request's verification, by its auth context (see verifyOnce). */
  private readonly byRequest = new WeakMap<object, { token: string; verified: Promise<Verified> }>();

  constructor(
    secret: string,
    readonly players: PlayerStore,
    private readonly now: () => number = Date.now,
  ) {
    if (secret.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters long');
    this.key = new TextEncoder().encode(secret);
  }

  issue(p: Player): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ ver: p.sessionVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(p.id)
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + SESSION_DAYS * 86_400)
      .sign(this.key);
  }

  /** The token's player, or why it is refused (forged or tampered, expired, signed out, no such player). */
  async verify(token: string): Promise<Verified> {
    let sub: string | undefined;
    let ver: unknown;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        currentDate: new Date(this.now()),
        requiredClaims: ['sub', 'exp'],
      });
      sub = payload.sub;
      ver = payload.ver;
    } catch (err) {
      if (err instanceof errors.JWTExpired) return { ok: false, reason: 'the session token has expired' };
      return { ok: false, reason: 'the session token is not valid (not signed by this server, or altered)' };
    }
    if (!sub || typeof ver !== 'number') return { ok: false, reason: 'the session token is not valid (no player)' };
    const player = await this.players.get(sub);
    if (!player) return { ok: false, reason: 'the session token names no player of this server' };
    if (player.sessionVersion !== ver) return { ok: false, reason: 'the session was signed out: start a new one' };
    return { ok: true, player };
  }

  /**
   * verify, once per matchmaking request: Colyseus hands the request's one auth context to every step that asks
   * (quick match's pairing, then the room's onAuth, again on each of joinOrCreate's retries), so the token is
   * checked and its player read once.
   */
  verifyOnce(context: object, token: string): Promise<Verified> {
    const known = this.byRequest.get(context);
    if (known?.token === token) return known.verified;
    const verified = this.verify(token);
    this.byRequest.set(context, { token, verified });
    return verified;
  }
}
