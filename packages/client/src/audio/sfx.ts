// Sound effects, synthesised with Web Audio (no files to load): lock-in, reveal, hit, explosion, the
// timer's last seconds, an emote. Muted when the player says so (remembered in prefs). The audio context starts on
// the first user gesture, as browsers require.
import { prefs } from '../ui/prefs.js';

export type Sfx = 'lock' | 'reveal' | 'hit' | 'miss' | 'explosion' | 'tick' | 'warning' | 'emote';

let ctx: AudioContext | null = null;
/** What the page played, for the tests (and nothing else): the sound and when (also window.__sfx). */
export const played: { sfx: Sfx; at: number }[] = [];
(globalThis as { __sfx?: typeof played }).__sfx = played;

function audio(): AudioContext | null {
  if (ctx) return ctx;
  const AC = (window as unknown as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!AC) return null;
  ctx = new AC();
  return ctx;
}

/** A short tone: frequency sweep from f0 to f1 over `dur` seconds. */
function tone(a: AudioContext, f0: number, f1: number, dur: number, type: OscillatorType, vol: number, at = 0): void {
  const t = a.currentTime + at;
  const o = a.createOscillator();
  const g = a.createGain();
  o.type = type;
  o.frequency.setValueAtTime(f0, t);
  o.frequency.exponentialRampToValueAtTime(Math.max(1, f1), t + dur);
  g.gain.setValueAtTime(vol, t);
  g.gain.exponentialRampToValueAtTime(0.0001, t + dur);
  o.connect(g).connect(a.destination);
  o.start(t);
  o.stop(t + dur + 0.02);
}

/** White noise through a low-pass filter, falling off: explosions and hits. */
function noise(a: AudioContext, dur: number, cutoff: number, vol: number): void {
  const len = Math.floor(a.sampleRate * dur);
  const buf = a.createBuffer(1, len, a.sampleRate);
  const d = buf.getChannelData(0);
  for (let i = 0; i < len; i++) d[i] = (Math.random() * 2 - 1) * (1 - i / len) ** 2;
  const src = a.createBufferSource();
  src.buffer = buf;
  const f = a.createBiquadFilter();
  f.type = 'lowpass';
  f.frequency.value = cutoff;
  const g = a.createGain();
  g.gain.value = vol;
  src.connect(f).connect(g).connect(a.destination);
  src.start();
}

const SOUNDS: Record<Sfx, (a: AudioContext) => void> = {
  lock: (a) => {
    tone(a, 660, 990, 0.08, 'square', 0.05);
    tone(a, 990, 1320, 0.1, 'square', 0.04, 0.07);
  },
  reveal: (a) => tone(a, 300, 900, 0.35, 'sawtooth', 0.04),
  hit: (a) => noise(a, 0.25, 1800, 0.35),
  miss: (a) => tone(a, 900, 500, 0.15, 'triangle', 0.05),
  explosion: (a) => {
    noise(a, 1.2, 600, 0.6);
    tone(a, 120, 30, 1, 'sine', 0.3);
  },
  tick: (a) => tone(a, 1200, 1200, 0.05, 'square', 0.04),
  // Ten seconds left: two falling chimes, unlike any sound of the round.
  warning: (a) => {
    tone(a, 1400, 1000, 0.18, 'triangle', 0.08);
    tone(a, 1400, 1000, 0.18, 'triangle', 0.08, 0.22);
  },
  emote: (a) => tone(a, 520, 780, 0.12, 'sine', 0.06),
};

export function playSfx(sfx: Sfx): void {
  if (prefs().soundMuted) return;
  played.push({ sfx, at: performance.now() });
  if (played.length > 200) played.shift();
  const a = audio();
  if (!a) return;
  if (a.state === 'suspended') void a.resume().catch(() => undefined);
  SOUNDS[sfx](a);
}
