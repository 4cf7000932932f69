// How a rating is read, the same on the server (which rates and ranks) and in the page (which shows it): a rating whose
// deviation is at least PROVISIONAL_RD is provisional, shown with "?" and kept off the leaderboard.
export const PROVISIONAL_RD = 110;

export const isProvisional = (r: { rd: number }): boolean => r.rd >= PROVISIONAL_RD;
