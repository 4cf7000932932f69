// Passkeys on a real server (players/passkeys.ts): a guest adds one, and signing in with it on another "browser"
// (no cookie) gives that same player a session; every refusal says what was wrong and changes nothing. The passkey
// is a software one (passkey-authenticator.ts); the time of the challenges' expiry is driven.
import { describe, expect, it } from 'vitest';
import { passkeyConfig } from '../src/players/passkeys.js';
import { serverForFile } from './harness.js';
import { SoftPasskey } from './passkey-authenticator.js';

let now = Date.parse('2026-06-01T12:00:00Z');
const srv = serverForFile({ http: { now: () => now } });

interface Answer {
  status: number;
  body: Record<string, unknown>;
  cookie: string | null;
}

async function post(path: string, body: unknown = {}, cookie?: string | null): Promise<Answer> {
  const r = await fetch(`http://127.0.0.1:${srv.get().port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const set = r.headers.get('set-cookie');
  return { status: r.status, body: (await r.json()) as Record<string, unknown>, cookie: set?.split(';')[0] ?? null };
}

/** A fresh guest: its cookie and id. */
async function guest(name: string): Promise<{ cookie: string; id: string }> {
  const a = await post('/api/session', { name });
  expect(a.status).toBe(200);
  return { cookie: a.cookie!, id: (a.body.player as { id: string }).id };
}

const origin = () => `http://localhost:${srv.get().port}`;
type Opts = { challenge: string; user?: { id: string }; rp?: { id?: string }; rpId?: string };

async function registered(name: string): Promise<{ who: { cookie: string; id: string }; key: SoftPasskey }> {
  const who = await guest(name);
  const key = new SoftPasskey('localhost', origin());
  const o = await post('/api/passkeys/register/options', {}, who.cookie);
  expect(o.status).toBe(200);
  const v = await post('/api/passkeys/register/verify', { response: key.register(o.body.options as Opts) }, who.cookie);
  expect(v.body).toEqual({ passkey: { id: key.credentialId } });
  return { who, key };
}

async function loginOptions(): Promise<Opts> {
  const o = await post('/api/passkeys/login/options');
  expect(o.status).toBe(200);
  return o.body.options as Opts;
}

describe('passkeys', () => {
  it('a guest adds a passkey; signing in with it elsewhere is the same player, with a session of its own', async () => {
    const { who, key } = await registered('Ada');
    const opts = await loginOptions();
    expect(opts.rpId).toBe('localhost');
    const signed = await post('/api/passkeys/login/verify', { response: key.signIn(opts) });
    expect(signed.status).toBe(200);
    expect(signed.body.player).toEqual({ id: who.id, name: 'Ada' });
    expect(typeof signed.body.token).toBe('string');
    // The cookie it set is that player's session: POST /api/session answers for Ada, creating nobody.
    const again = await post('/api/session', {}, signed.cookie);
    expect(again.body.player).toEqual({ id: who.id, name: 'Ada' });
  });

  it('asks for EdDSA, ES256 or RS256 keys, whatever the runtime could verify: never ML-DSA, outgrowing a request', async () => {
    // On Node 24 @simplewebauthn would offer ML-DSA-44 (COSE -48) first; a browser then answers with kilobytes of key.
    const who = await guest('Bea');
    const o = await post('/api/passkeys/register/options', {}, who.cookie);
    const params = (o.body.options as { pubKeyCredParams: { alg: number; type: string }[] }).pubKeyCredParams;
    expect(params).toEqual([
      { alg: -8, type: 'public-key' },
      { alg: -7, type: 'public-key' },
      { alg: -257, type: 'public-key' },
    ]);
  });

  it('adding one needs a session', async () => {
    const a = await post('/api/passkeys/register/options');
    expect(a.status).toBe(401);
    expect(a.body.error).toMatch(/no session/);
  });

  it('registration options name the player and the relying party, and exclude the passkeys already added', async () => {
    const { who, key } = await registered('Bo');
    const o = await post('/api/passkeys/register/options', {}, who.cookie);
    const options = o.body.options as {
      rp: { id: string };
      user: { name: string };
      excludeCredentials: { id: string }[];
      authenticatorSelection: { residentKey: string };
    };
    expect(options.rp.id).toBe('localhost');
    expect(options.user.name).toBe('Bo');
    expect(options.excludeCredentials.map((c) => c.id)).toEqual([key.credentialId]);
    expect(options.authenticatorSelection.residentKey).toBe('required');
  });

  it('a challenge is used once: the same answer again is refused', async () => {
    const who = await guest('Cy');
    const key = new SoftPasskey('localhost', origin());
    const o = await post('/api/passkeys/register/options', {}, who.cookie);
    const response = key.register(o.body.options as Opts);
    expect((await post('/api/passkeys/register/verify', { response }, who.cookie)).status).toBe(200);
    const replay = await post('/api/passkeys/register/verify', { response }, who.cookie);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toMatch(/challenge/i);
    const opts = await loginOptions();
    const signIn = key.signIn(opts);
    expect((await post('/api/passkeys/login/verify', { response: signIn })).status).toBe(200);
    const again = await post('/api/passkeys/login/verify', { response: signIn });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatch(/challenge/i);
  });

  it("another player's registration challenge is refused", async () => {
    const a = await guest('Di');
    const b = await guest('Ed');
    const o = await post('/api/passkeys/register/options', {}, a.cookie);
    const key = new SoftPasskey('localhost', origin());
    const v = await post('/api/passkeys/register/verify', { response: key.register(o.body.options as Opts) }, b.cookie);
    expect(v.status).toBe(400);
    expect(v.body.error).toMatch(/challenge/i);
  });

  it('an expired challenge is refused', async () => {
    const { key } = await registered('Fay');
    const opts = await loginOptions();
    now += 5 * 60_000;
    const late = await post('/api/passkeys/login/verify', { response: key.signIn(opts) });
    expect(late.status).toBe(400);
    expect(late.body.error).toMatch(/challenge/i);
  });

  it('a page of another origin, another relying party, or a counter that does not move on is refused', async () => {
    const { key } = await registered('Gus');
    const foreign = await post('/api/passkeys/login/verify', {
      response: key.signIn(await loginOptions(), { origin: 'http://evil.localhost:1' }),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toMatch(/origin/i);
    const rp = await post('/api/passkeys/login/verify', {
      response: key.signIn(await loginOptions(), { rpId: 'example.org' }),
    });
    expect(rp.status).toBe(400);
    expect(rp.body.error).toMatch(/RP ID/i);
    expect((await post('/api/passkeys/login/verify', { response: key.signIn(await loginOptions()) })).status).toBe(200);
    const cloned = await post('/api/passkeys/login/verify', {
      response: key.signIn(await loginOptions(), { counter: key.counter }),
    });
    expect(cloned.status).toBe(400);
    expect(cloned.body.error).toMatch(/counter/i);
  });

  it('a passkey this server does not know, and malformed answers, are refused naming what is wrong', async () => {
    const stranger = new SoftPasskey('localhost', origin());
    const unknown = await post('/api/passkeys/login/verify', { response: stranger.signIn(await loginOptions()) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/not registered/);
    for (const [body, says] of [
      [{}, /the body must be/],
      [{ response: 'x' }, /the body must be/],
      [{ response: { id: 'a', rawId: 'b', type: 'public-key' } }, /same base64url/],
      [{ response: { id: 'a', rawId: 'a', type: 'other' } }, /public-key/],
      [{ response: { id: 'a', rawId: 'a', type: 'public-key', response: {} } }, /clientDataJSON/],
      [
        { response: { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: 'x' } } },
        /authenticatorData/,
      ],
    ] as const) {
      const r = await post('/api/passkeys/login/verify', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toMatch(says);
    }
  });
});

describe('passkeyConfig', () => {
  it('localhost by default, the origins from the request; a domain needs its origins; an IP is not a domain', () => {
    expect(passkeyConfig({})).toEqual({ rpId: 'localhost', rpName: 'Star Eater Online', origins: null });
    expect(passkeyConfig({ PASSKEY_RP_ID: 'play.example.org', PASSKEY_ORIGINS: 'https://play.example.org' })).toEqual({
      rpId: 'play.example.org',
      rpName: 'Star Eater Online',
      origins: ['https://play.example.org'],
    });
    expect(() => passkeyConfig({ PASSKEY_RP_ID: 'example.org' })).toThrow(/PASSKEY_ORIGINS must name/);
    expect(() => passkeyConfig({ PASSKEY_RP_ID: '127.0.0.1' })).toThrow(/IP address/);
    expect(() => passkeyConfig({ PASSKEY_RP_ID: 'example.org', PASSKEY_ORIGINS: 'https://evil.com' })).toThrow(
      /not on the relying party's domain/,
    );
    expect(() => passkeyConfig({ PASSKEY_RP_ID: 'example.org', PASSKEY_ORIGINS: 'https://example.org/' })).toThrow(
      /write it as https:\/\/example.org/,
    );
  });
});
