// Refusals a client acts on by their words (a Colyseus matchmaking error carries a message, no code of ours).
// A module of its own so the browser imports it without the validators.

/**
 * A quick-match player whose reservation pointed at a seat another player took by connecting first (reservations are
 * tickets, not seats: issue 14). The client looks for another match.
 */
export const SEAT_TAKEN = 'the last seat went to another player first: look for another match';
