// How a rating is read, the same on the server (which rates and ranks) and in the page (which shows it): where every
// player starts, and a rating whose deviation is at least PROVISIONAL_RD is provisional, shown with "?" and kept off
// the leaderboard.

/** A new player's Glicko-2 rating: 1500, RD 350, volatility 0.06 (the profile's chart starts there too). */
export const NEW_PLAYER: Readonly<{ rating: number; rd: number; volatility: number }> = {
  rating: 1500,
  rd: 350,
  volatility: 0.06,
};

export const PROVISIONAL_RD = 110;

export const isProvisional = (r: { rd: number }): boolean => r.rd >= PROVISIONAL_RD;
