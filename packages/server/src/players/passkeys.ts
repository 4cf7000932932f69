// Passkeys (WebAuthn, @simplewebauthn/server): a player with a session adds one, and signs in with it on another
// browser to be the same player there. No email, no password.
//   POST /api/passkeys/register/options  (session)  → { options }   a challenge for navigator.credentials.create
//   POST /api/passkeys/register/verify   (session)  { response } → { passkey: { id } }
//   POST /api/passkeys/login/options                → { options }   a challenge for navigator.credentials.get
//   POST /api/passkeys/login/verify      { response } → { player, token } and the session cookie, as POST /api/session
// Every challenge is kept in the database (passkey-store.ts) for CHALLENGE_MS and used at most once, whichever
// process the answer reaches. The relying party (its id, the origins its pages are served from) is configuration:
// PASSKEY_RP_ID (default localhost) and PASSKEY_ORIGINS (default http://localhost:<the port the request came to>).
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { COSEALG } from '@simplewebauthn/server/helpers';
import type { Application, Request, Response } from 'express';
import { isRefusal, setCookie, signedIn } from '../http/players.js';
import { PasskeyStore } from './passkey-store.js';
import type { Sessions } from './session.js';

/**
 * The signature algorithms a passkey may use (COSE ids): EdDSA, ES256, RS256. Not ML-DSA, which @simplewebauthn
 * offers first wherever the runtime can verify it (Node 24 can): its public key alone is 1.3 KB, so a registration's
 * answer outgrows the 4 KB the HTTP gate lets a request body be, and which passkeys work should not depend on the
 * server's Node version. A device that makes ML-DSA passkeys makes ES256 ones too.
 */
export const PASSKEY_ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];

/** How long a challenge may be answered, ms (the browser's prompt times out at the same). */
export const CHALLENGE_MS = 5 * 60_000;

export interface PasskeyConfig {
  rpId: string;
  rpName: string;
  /** The origins the pages are served from; null: http://localhost on the port each request came to. */
  origins: string[] | null;
}

/** The relying party from the environment: PASSKEY_RP_ID and PASSKEY_ORIGINS (comma-separated), localhost defaults. */
export function passkeyConfig(env: NodeJS.ProcessEnv = {}): PasskeyConfig {
  const rpId = env.PASSKEY_RP_ID?.trim() || 'localhost';
  if (!/^[a-z0-9.-]{1,253}$/i.test(rpId) || /^[\d.]+$/.test(rpId)) {
    throw new Error(
      `PASSKEY_RP_ID must be a domain name such as example.org (got "${rpId}"); an IP address cannot be one`,
    );
  }
  const listed = env.PASSKEY_ORIGINS?.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const origins = listed?.length ? listed : null;
  if (!origins && rpId !== 'localhost') {
    throw new Error(`PASSKEY_ORIGINS must name the origins of ${rpId}'s pages (e.g. https://${rpId})`);
  }
  for (const o of origins ?? []) {
    let u: URL;
    try {
      u = new URL(o);
    } catch {
      throw new Error(`PASSKEY_ORIGINS: "${o}" is not an origin such as https://example.org`);
    }
    if (u.origin !== o) throw new Error(`PASSKEY_ORIGINS: "${o}" is not an origin (write it as ${u.origin})`);
    if (u.hostname !== rpId && !u.hostname.endsWith(`.${rpId}`)) {
      throw new Error(`PASSKEY_ORIGINS: ${o} is not on the relying party's domain ${rpId} (PASSKEY_RP_ID)`);
    }
  }
  return { rpId, rpName: 'Star Eater Online', origins };
}

export interface PasskeyDeps {
  /** The sessions, and through their player store its SQL executor, which the passkeys' rows use too. */
  sessions: Sessions;
  config: PasskeyConfig;
  now?: () => number;
}

/** A refusal: the status and the sentence the client shows. */
class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const B64URL = /^[A-Za-z0-9_-]{1,2048}$/;

/** The browser's answer in the body, checked for the fields every ceremony reads (the library checks the rest). */
function answerOf(req: Request, kind: 'registration' | 'authentication'): Record<string, unknown> {
  const body = (req as Request & { body?: unknown }).body as { response?: unknown } | undefined;
  const r = body?.response as Record<string, unknown> | undefined;
  if (!r || typeof r !== 'object') throw new Refused(400, `the body must be { "response": <the passkey's ${kind}> }`);
  const inner = r.response as Record<string, unknown> | undefined;
  if (typeof r.id !== 'string' || !B64URL.test(r.id) || r.rawId !== r.id) {
    throw new Refused(400, `response.id and response.rawId must be the same base64url credential id`);
  }
  if (r.type !== 'public-key') throw new Refused(400, 'response.type must be "public-key"');
  if (!inner || typeof inner !== 'object' || typeof inner.clientDataJSON !== 'string') {
    throw new Refused(400, 'response.response.clientDataJSON is missing');
  }
  const needs = kind === 'registration' ? ['attestationObject'] : ['authenticatorData', 'signature'];
  for (const k of needs) {
    if (typeof inner[k] !== 'string') throw new Refused(400, `response.response.${k} is missing`);
  }
  return r;
}

/** Where the page that asked must have been served from. */
function originsFor(config: PasskeyConfig, req: Request): string[] {
  return config.origins ?? [`http://localhost:${req.socket.localPort}`];
}

/** The library's refusals (a wrong challenge, origin, signature …) in its own words, as a 400. */
async function checked<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof Refused) throw e;
    throw new Refused(400, `${what}: ${(e as Error).message}`);
  }
}

interface Ctx {
  deps: PasskeyDeps;
  store: PasskeyStore;
  now: () => number;
}

export function mountPasskeys(app: Application, deps: PasskeyDeps): void {
  const ctx: Ctx = { deps, store: new PasskeyStore(deps.sessions.players.sql), now: deps.now ?? Date.now };
  registration(app, ctx);
  signIn(app, ctx);
}

/** Adding a passkey to the player of the session. */
function registration(app: Application, { deps, store, now }: Ctx): void {
  const { rpId, rpName } = deps.config;
  const player = async (req: Request) => {
    const p = await signedIn(deps.sessions, req);
    if (isRefusal(p)) throw new Refused(p.status, `a passkey is added to the player of a session: ${p.error}`);
    return p;
  };

  route(app, '/api/passkeys/register/options', async (req) => {
    const { id, name } = await player(req);
    const has = await store.ofPlayer(id);
    const options = await generateRegistrationOptions({
      rpName,
      rpID: rpId,
      userName: name,
      userDisplayName: name,
      userID: new TextEncoder().encode(id),
      timeout: CHALLENGE_MS,
      attestationType: 'none',
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      excludeCredentials: has.map((p) => ({ id: p.credentialId, transports: p.transports })),
      // A discoverable credential: signing in needs no name typed, the passkey says whose it is.
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    const t = now();
    await store.issue(options.challenge, 'register', id, t, t + CHALLENGE_MS);
    return { options };
  });

  route(app, '/api/passkeys/register/verify', async (req) => {
    const { id } = await player(req);
    const response = answerOf(req, 'registration') as unknown as RegistrationResponseJSON;
    const v = await checked('the passkey was not added', () =>
      verifyRegistrationResponse({
        response,
        expectedChallenge: (c) => store.consume(c, 'register', id, now()),
        expectedOrigin: originsFor(deps.config, req),
        expectedRPID: rpId,
        requireUserVerification: false,
        supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      }),
    );
    if (!v.verified) throw new Refused(400, 'the passkey was not added: its registration did not verify');
    const { credential } = v.registrationInfo;
    const added = await store.add(
      {
        credentialId: credential.id,
        playerId: id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
      },
      now(),
    );
    if (!added) throw new Refused(409, 'this passkey is registered already');
    return { passkey: { id: credential.id } };
  });
}

/** Signing in with a passkey: the browser becomes the passkey's player. */
function signIn(app: Application, { deps, store, now }: Ctx): void {
  const { rpId } = deps.config;
  route(app, '/api/passkeys/login/options', async () => {
    const options = await generateAuthenticationOptions({
      rpID: rpId,
      timeout: CHALLENGE_MS,
      userVerification: 'preferred',
    });
    const t = now();
    await store.issue(options.challenge, 'login', null, t, t + CHALLENGE_MS);
    return { options };
  });

  route(app, '/api/passkeys/login/verify', async (req, res) => {
    const response = answerOf(req, 'authentication') as unknown as AuthenticationResponseJSON;
    const passkey = await store.get(response.id);
    if (!passkey) throw new Refused(400, 'this passkey is not registered here (it may belong to another site)');
    const v = await checked('not signed in', () =>
      verifyAuthenticationResponse({
        response,
        expectedChallenge: (c) => store.consume(c, 'login', null, now()),
        expectedOrigin: originsFor(deps.config, req),
        expectedRPID: rpId,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: false,
      }),
    );
    if (!v.verified) throw new Refused(400, 'not signed in: the passkey did not verify');
    if (!(await store.used(passkey.credentialId, passkey.counter, v.authenticationInfo.newCounter, now()))) {
      throw new Refused(409, 'not signed in: this passkey was used by another sign-in at the same moment');
    }
    // As POST /api/session answers: the player, and a session (cookie and token) for this browser.
    const p = await deps.sessions.players.get(passkey.playerId);
    if (!p) throw new Refused(400, 'not signed in: the player of this passkey is not on this server any more');
    const token = await deps.sessions.issue(p);
    setCookie(req, res, token);
    return { player: { id: p.id, name: p.name }, token };
  });
}

/** A POST route answering JSON: the handler's object, or a refusal's `{ error }` with its status. */
function route(app: Application, path: string, handler: (req: Request, res: Response) => Promise<object>): void {
  app.post(path, async (req, res) => {
    try {
      res.json(await handler(req, res));
    } catch (e) {
      if (!(e instanceof Refused)) throw e;
      res.status(e.status).json({ error: e.message });
    }
  });
}
