// Refusals a client acts on by their words (a Colyseus matchmaking error carries a message, no code of ours).
// A module of its own so the browser imports it without the validators.

/**
 * A quick-match player whose reservation pointed at a seat another player took by connecting first (reservations are
 * tickets, not seats: a seat goes to whoever connects first). The client looks for another match.
 */
export const SEAT_TAKEN = 'the last seat went to another player first: look for another match';

/**
 * A room id that is neither on any process nor in a live match's log (http/matchmake.ts): its match ended and
 * everyone left, or its seats were given up. Nothing will bring it back, so the client stops looking at once. Sent
 * with HTTP status MATCH_GONE_STATUS (410 Gone).
 */
export const MATCH_GONE = 'this match is no longer on the server: it ended and its room has closed';
export const MATCH_GONE_STATUS = 410;
