// Quick emotes: a fixed set, never free text, so nothing a player sends can carry words of their own.
// They reach both seats and the spectators; the room limits how often a seat may send one (EMOTE_LIMIT).
export const EMOTES = ['hello', 'good-game', 'well-played', 'oops', 'thinking', 'wow'] as const;
export type Emote = (typeof EMOTES)[number];

/** What each emote shows (words only: not every system has an emoji font). */
export const EMOTE_TEXT: Readonly<Record<Emote, string>> = {
  hello: 'Hello!',
  'good-game': 'Good game',
  'well-played': 'Well played',
  oops: 'Oops',
  thinking: 'Thinking…',
  wow: 'Wow!',
};

/** A seat may send `burst` emotes at once, then one more per `everyMs` (room clock). */
export const EMOTE_LIMIT = { burst: 3, everyMs: 4000 } as const;
