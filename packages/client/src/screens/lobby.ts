// The lobby: a remembered name; quick match with a waiting indicator and cancel; create a private match; watch live
// matches; recent replays and opening a record file.
import { h, replace, toast } from '../ui/dom.js';
import type { App } from './app-context.js';
import { levelButtons } from './computer.js';
import { lobbyLists } from './lobby-lists.js';
import { passkeySignIn } from './passkey-panel.js';
import { presetPicker } from './preset-picker.js';
import { rememberName, savedName } from './ask-name.js';

/** Quick match (with a waiting line and Cancel), a private match on the chosen timers. */
function playSection(app: App, nameInput: HTMLInputElement, presets: ReturnType<typeof presetPicker>): HTMLElement {
  const name = () => nameInput.value.trim() || savedName();
  const quickStatus = h('div.row.dim', { 'aria-live': 'polite' });
  const quickBtn = h('button.primary', { id: 'quick-match' }, 'Quick match');
  const cancelBtn = h('button', { id: 'cancel-quick', hidden: true }, 'Cancel');
  const idle = () => {
    quickBtn.disabled = false;
    cancelBtn.hidden = true;
    replace(quickStatus);
  };
  quickBtn.addEventListener('click', async () => {
    rememberName(name());
    quickBtn.disabled = true;
    cancelBtn.hidden = false;
    replace(quickStatus, h('span.spinner'), ' Looking for an opponent…');
    try {
      await app.session.quickMatch(name());
      app.go(`#/m/${app.session.room!.roomId}`);
    } catch (e) {
      toast(`Could not join: ${(e as Error).message}`, 'error');
      idle();
    }
  });
  cancelBtn.addEventListener('click', async () => {
    await app.session.leave();
    idle();
  });
  const createBtn = h('button', { id: 'create-private' }, 'Create private match');
  // A private match counts for rating only when its creator says so (quick matches always do).
  const rated = h('input', { type: 'checkbox', id: 'private-rated' });
  createBtn.addEventListener('click', async () => {
    rememberName(name());
    createBtn.disabled = true;
    try {
      await app.session.createPrivate(name(), { preset: presets.value(), ...(rated.checked ? { rated: true } : {}) });
      app.go(`#/m/${app.session.room!.roomId}`);
    } catch (e) {
      toast(`Could not create: ${(e as Error).message}`, 'error');
      createBtn.disabled = false;
    }
  });
  return h(
    'section.card.col',
    { 'aria-labelledby': 'play-h' },
    h('h3#play-h', null, 'Play'),
    h(
      'p.new-here',
      { id: 'new-here' },
      'New to Star Eater? ',
      h('a', { href: '#/tutorial', id: 'lobby-tutorial' }, 'Play the tutorial'),
      ' (about 10 minutes) or read ',
      h('a', { href: '#/learn', id: 'lobby-learn' }, 'how to play'),
      '.',
    ),
    h('label.col', null, h('span.dim', null, 'Your name'), nameInput),
    h('div.row', null, quickBtn, cancelBtn),
    quickStatus,
    presets.el,
    h('div.row', null, createBtn, h('label.row.dim', { for: 'private-rated', style: { gap: '4px' } }, rated, 'Rated')),
    h(
      'p.dim',
      { style: { fontSize: '13px', margin: 0 } },
      'A private match gives you an invite link to send to a friend.',
    ),
    h(
      'p.dim',
      { style: { fontSize: '13px', margin: 0 } },
      'Quick matches are rated. ',
      h('a', { href: '#/leaderboard', id: 'lobby-leaderboard' }, 'Leaderboard'),
    ),
    passkeySignIn(app),
  );
}

/** Play the computer: a private practice match at once, the computer in the second seat, on the chosen timers. */
function computerSection(app: App, name: () => string, presets: ReturnType<typeof presetPicker>): HTMLElement {
  const computer = levelButtons((level, button) => {
    rememberName(name());
    for (const b of computer.querySelectorAll('button')) b.disabled = true;
    button.classList.add('chosen');
    app.session.playComputer(name(), level, { preset: presets.value() }).then(
      () => app.go(`#/m/${app.session.room!.roomId}`),
      (e: Error) => {
        toast(`Could not start a match against the computer: ${e.message}`, 'error');
        for (const b of computer.querySelectorAll('button')) b.disabled = false;
        button.classList.remove('chosen');
      },
    );
  });
  return h(
    'section.card.col',
    { 'aria-labelledby': 'computer-h', id: 'play-computer' },
    h('h3#computer-h', null, 'Play the computer'),
    computer,
  );
}

/** Recent replays, a record file to open, the demo round. */
function replaysSection(app: App, replays: HTMLElement): HTMLElement {
  const file = h('input', {
    type: 'file',
    accept: '.json,application/json',
    'aria-label': 'Open a record file',
    hidden: true,
  });
  file.addEventListener('change', async () => {
    const f = file.files?.[0];
    if (!f) return;
    try {
      app.pendingRecord = JSON.parse(await f.text());
      app.go('#/replay/file');
    } catch {
      toast('That file is not a match record (JSON).', 'error');
    }
  });
  return h(
    'section.card.col',
    { 'aria-labelledby': 'rep-h' },
    h('h3#rep-h', null, 'Replays'),
    replays,
    h(
      'div.row',
      null,
      h('button.small', { onclick: () => file.click(), id: 'open-record' }, 'Open a record file…'),
      h('a', { href: '#/demo', class: 'small' }, 'Demo round'),
      file,
    ),
  );
}

/** The name field renames the player (the server's name rules apply); a refused name goes back to the kept one. */
async function renameFromLobby(app: App, input: HTMLInputElement): Promise<void> {
  const wanted = input.value.trim();
  if (!app.identity.player) {
    rememberName(wanted || savedName());
    return;
  }
  try {
    input.value = await app.identity.rename(wanted);
  } catch (e) {
    toast(`Could not rename: ${(e as Error).message}`, 'error');
    input.value = app.identity.player.name;
  }
}

export function mountLobby(root: HTMLElement, app: App): () => void {
  const nameInput = h('input', {
    type: 'text',
    value: savedName(),
    maxlength: 24,
    'aria-label': 'Your name',
    id: 'name',
  });
  nameInput.addEventListener('change', () => void renameFromLobby(app, nameInput));
  // The session's name once it is known (a first load, a passkey's sign-in), unless the player is typing one.
  const unlisten = app.identity.listen((s) => {
    if (s.kind === 'player' && document.activeElement !== nameInput) nameInput.value = s.player.name;
  });
  const name = () => nameInput.value.trim() || savedName();
  const presets = presetPicker();
  const lists = lobbyLists();
  const hero = h(
    'div.hero',
    null,
    h('h1', null, 'STAR EATER'),
    h('p', null, 'Two warships. Sealed orders. Momentum is forever.'),
  );
  replace(
    root,
    h(
      'div.screen',
      null,
      h(
        'div.center',
        null,
        hero,
        h(
          'div.lobby-grid',
          null,
          playSection(app, nameInput, presets),
          computerSection(app, name, presets),
          h('section.card.col', { 'aria-labelledby': 'watch-h' }, h('h3#watch-h', null, 'Watch live'), lists.live),
          replaysSection(app, lists.replays),
        ),
      ),
    ),
  );
  return () => {
    lists.stop();
    unlisten();
  };
}
