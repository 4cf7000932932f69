// A player's remembered preferences: animation speed, sound and emote mutes, the board flipped. localStorage, one key each;
// a listener hears every change, so a toggle on one screen updates the others.
const KEYS = {
  speed: 'star-eater.anim-speed',
  soundMuted: 'star-eater.sound-muted',
  emotesMuted: 'star-eater.emotes-muted',
  flipBoard: 'star-eater.flip-board',
} as const;

export type Speed = 1 | 2 | 'skip';
export const SPEEDS: readonly Speed[] = [1, 2, 'skip'];

export interface Prefs {
  speed: Speed;
  soundMuted: boolean;
  emotesMuted: boolean;
  /** The board turned the other way up from its default (your warship at the bottom). */
  flipBoard: boolean;
}

const listeners = new Set<(p: Prefs) => void>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function prefs(): Prefs {
  const s = read(KEYS.speed);
  return {
    speed: s === '2' ? 2 : s === 'skip' ? 'skip' : 1,
    soundMuted: read(KEYS.soundMuted) === '1',
    emotesMuted: read(KEYS.emotesMuted) === '1',
    flipBoard: read(KEYS.flipBoard) === '1',
  };
}

export function setPref<K extends keyof Prefs>(key: K, value: Prefs[K]): void {
  try {
    localStorage.setItem(KEYS[key], typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  } catch {
    // Private mode without storage: the choice holds for this page only.
  }
  const p = prefs();
  for (const l of listeners) l(p);
}

export function onPrefs(l: (p: Prefs) => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
