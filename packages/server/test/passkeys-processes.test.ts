// Passkeys across real server processes (Redis + PostgreSQL): a challenge one process issued is checked by the other,
// once; a passkey added through one signs the player in through the other. The pages' origin is configuration
// (PASSKEY_ORIGINS), the same for both processes, as behind one site's address.
import { beforeAll, describe, expect, it } from 'vitest';
import { SoftPasskey } from './passkey-authenticator.js';
import { twoProcessesOnServices, type ServerProcess } from './processes.js';
import { servicesInstalled } from './services.js';

const ORIGIN = 'http://localhost:8080';
type Opts = { challenge: string; user?: { id: string } };

async function post(p: ServerProcess, path: string, body: unknown = {}, cookie?: string | null) {
  const r = await fetch(`${p.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const set = r.headers.get('set-cookie');
  return { status: r.status, body: (await r.json()) as Record<string, unknown>, cookie: set?.split(';')[0] ?? null };
}

describe.skipIf(!servicesInstalled('all'))('passkeys on two processes (Redis + PostgreSQL)', () => {
  const rig = twoProcessesOnServices({ PASSKEY_ORIGINS: ORIGIN });
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(() => {
    ({ a, b } = rig);
  });

  it('added through one process, a passkey signs its player in through the other; each challenge counts once', async () => {
    const guest = await post(a, '/api/session', { name: 'Ada' });
    const id = (guest.body.player as { id: string }).id;
    const key = new SoftPasskey('localhost', ORIGIN);
    const reg = await post(a, '/api/passkeys/register/options', {}, guest.cookie);
    const added = await post(
      b,
      '/api/passkeys/register/verify',
      { response: key.register(reg.body.options as Opts) },
      guest.cookie,
    );
    expect(added.body).toEqual({ passkey: { id: key.credentialId } });

    const login = await post(b, '/api/passkeys/login/options');
    const answer = key.signIn(login.body.options as Opts);
    const signed = await post(a, '/api/passkeys/login/verify', { response: answer });
    expect(signed.body.player).toEqual({ id, name: 'Ada' });
    // The same answer again, on the process that issued its challenge: the challenge is gone.
    const replay = await post(b, '/api/passkeys/login/verify', { response: answer });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toMatch(/challenge/i);
    // The new session is Ada's on both processes.
    for (const p of [a, b])
      expect((await post(p, '/api/session', {}, signed.cookie)).body.player).toEqual({ id, name: 'Ada' });
  });
});
