// Passkeys: a guest keeps their player on another device by adding one (on their profile), and signs in with it on
// a fresh browser (from the lobby) to be the same player. The WebAuthn ceremony is @simplewebauthn/browser's,
// loaded only when a passkey is used; the server checks every answer (server players/passkeys.ts).
import { postJson } from '../net/api.js';
import type { SessionAnswer } from '../net/player-api.js';
import { confirmDialog } from '../ui/dialog.js';
import { h, replace, toast } from '../ui/dom.js';
import type { App } from './app-context.js';
import { profileHash } from './player-link.js';

/** What the browser said when the user (or the device) declined, in words. */
function ceremonyError(e: unknown): string {
  const err = e as Error;
  if (err.name === 'NotAllowedError') return 'the passkey prompt was closed or timed out';
  if (err.name === 'InvalidStateError') return 'this device already holds a passkey for you';
  return err.message;
}

/** Creates a passkey for the signed-in player. */
export async function addPasskey(): Promise<void> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const { options } = await postJson<{ options: Parameters<typeof startRegistration>[0]['optionsJSON'] }>(
    '/api/passkeys/register/options',
  );
  const response = await startRegistration({ optionsJSON: options });
  await postJson('/api/passkeys/register/verify', { response });
}

/** Signs in with a passkey of this device: the player it belongs to, with a session for this browser. */
export async function signInWithPasskey(): Promise<SessionAnswer> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const { options } = await postJson<{ options: Parameters<typeof startAuthentication>[0]['optionsJSON'] }>(
    '/api/passkeys/login/options',
  );
  const response = await startAuthentication({ optionsJSON: options });
  return postJson<SessionAnswer>('/api/passkeys/login/verify', { response });
}

/** Sign out here, or everywhere (every device's session of this player ends), after saying what it costs. */
function signOutButtons(app: App): HTMLElement {
  const out = async (everywhere: boolean) => {
    const ok = await confirmDialog({
      id: 'sign-out-dialog',
      title: everywhere ? 'Sign out on every device?' : 'Sign out?',
      text: `This browser becomes a new guest${everywhere ? ', and so does every other device signed in as you' : ''}. Only a passkey brings this player back.`,
      confirm: 'Sign out',
      danger: true,
    });
    if (!ok) return;
    try {
      await app.identity.signOut(everywhere);
      app.go('#/');
    } catch (e) {
      toast(`Could not sign out: ${(e as Error).message}`, 'error');
    }
  };
  return h(
    'div.row',
    null,
    h('button.small', { id: 'sign-out', type: 'button', onclick: () => void out(false) }, 'Sign out'),
    h(
      'button.small',
      { id: 'sign-out-everywhere', type: 'button', onclick: () => void out(true) },
      'Sign out everywhere',
    ),
  );
}

/** The profile's card: add a passkey to play as this player on other devices; sign out. */
export function passkeyCard(app: App): HTMLElement {
  const status = h('p.dim', { id: 'passkey-status', 'aria-live': 'polite', style: { margin: 0 } });
  const add = h('button', { id: 'add-passkey', type: 'button' }, 'Add a passkey');
  add.addEventListener('click', async () => {
    add.disabled = true;
    replace(status, h('span.spinner'), ' Waiting for your device…');
    try {
      await addPasskey();
      replace(status, h('span.good', null, 'Passkey added: sign in with it on another device to play as you.'));
    } catch (e) {
      replace(status, h('span.bad', null, `No passkey added: ${ceremonyError(e)}.`));
    } finally {
      add.disabled = false;
    }
  });
  return h(
    'section.card.col',
    { 'aria-labelledby': 'passkey-h', id: 'passkeys' },
    h('h3#passkey-h', null, 'Play on other devices'),
    h(
      'p',
      { style: { margin: 0 } },
      'No email, no password: a passkey on this device (or your phone) lets you sign in as this player anywhere.',
    ),
    h('div.row', null, add),
    status,
    signOutButtons(app),
  );
}

/** The lobby's "sign in with a passkey": the page becomes that player, and shows their profile. */
export function passkeySignIn(app: App): HTMLElement {
  const b = h('button.small', { id: 'passkey-sign-in', type: 'button' }, 'Sign in with a passkey');
  b.addEventListener('click', async () => {
    b.disabled = true;
    try {
      const a = await signInWithPasskey();
      app.identity.adopt(a);
      toast(`Signed in as ${a.player.name}.`);
      app.go(profileHash(a.player.id));
    } catch (e) {
      toast(`Could not sign in: ${ceremonyError(e)}`, 'error');
      b.disabled = false;
    }
  });
  return h('p.dim.passkey-line', null, 'Played on another device? ', b);
}
