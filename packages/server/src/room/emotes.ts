// Quick emotes: a seat's emote from the fixed set goes to everyone in the room, as often as a token bucket
// on the room clock allows (EMOTE_LIMIT's burst and refill), so a player cannot drown the other side in emotes (the
// message rate limit alone would allow 20 a second). Spectators send none (the room refuses their messages).
import { EMOTE_LIMIT, type Emote } from '@star-eater/protocol';
import type { Seat } from '@star-eater/engine';
import { fail, OK, type Outcome } from '../match/match-host.js';
import type { RoomOutput } from '../output/room-output.js';

export class Emotes {
  private tokens: [number, number] = [EMOTE_LIMIT.burst, EMOTE_LIMIT.burst];
  private last: [number, number] = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];

  constructor(
    private readonly room: { clockNow(): number },
    private readonly output: Pick<RoomOutput, 'toAll'>,
  ) {}

  send(seat: Seat, emote: Emote): Outcome {
    const t = this.room.clockNow();
    const refill = (t - this.last[seat]) / EMOTE_LIMIT.everyMs;
    this.tokens[seat] = Math.min(EMOTE_LIMIT.burst, this.tokens[seat] + refill);
    this.last[seat] = t;
    if (this.tokens[seat] < 1) {
      const wait = Math.ceil(((1 - this.tokens[seat]) * EMOTE_LIMIT.everyMs) / 1000);
      return fail('rate-limited', `emote: too many emotes; wait ${wait} s`);
    }
    this.tokens[seat] -= 1;
    this.output.toAll('emote', { seat, emote });
    return OK;
  }
}
