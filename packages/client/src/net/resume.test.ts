// The resume policy after a dropped match (the server restores it in the same process or another one takes it over).
import { describe, expect, it } from 'vitest';
import { MATCH_GONE, MATCH_GONE_STATUS } from '@star-eater/protocol/refusals';
import { matchGone, resumableClose, resumeDelay, resumeVerdict } from './resume.js';

describe('resumableClose', () => {
  it('looks for the match again after a restart (4010), a dead process (1006) or a failed retry (4003)', () => {
    for (const code of [1001, 1005, 1006, 4003, 4010]) expect(resumableClose(code)).toBe(true);
  });
  it('does not after a close that ends it: our leave, a finished room on a restart, an error, flooding, a moved seat', () => {
    for (const code of [1000, 4000, 4001, 4002, 4029, 4409]) expect(resumableClose(code)).toBe(false);
  });
});

describe('resumeVerdict', () => {
  it('retries a network failure (no answer) as not the server', () => {
    expect(resumeVerdict(new TypeError('Failed to fetch'))).toEqual({ retry: true, server: false });
    expect(resumeVerdict(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toEqual({
      retry: true,
      server: false,
    });
    // The seat reservation's WebSocket did not open (the process died in between).
    expect(resumeVerdict({ code: 1006 })).toEqual({ retry: true, server: false });
  });
  it('retries while the site answers without the room (not restored yet, a dead listing, the proxy, a rate limit)', () => {
    for (const code of [429, 502, 503, 504, 522, 523])
      expect(resumeVerdict({ code })).toEqual({ retry: true, server: true });
  });
  it('stops at a refusal: an expired seat token, an admission refusal, a bad request', () => {
    for (const code of [400, 403, 524, 525, 526, 4217]) expect(resumeVerdict({ code })).toEqual({ retry: false });
  });
  it('stops at once when the room is gone for good (MATCH_GONE, 410), and says so', () => {
    const gone = Object.assign(new Error(MATCH_GONE), { code: MATCH_GONE_STATUS });
    expect(resumeVerdict(gone)).toEqual({ retry: false });
    expect(matchGone(gone)).toBe(true);
    for (const code of [522, 523, 524, 525]) expect(matchGone({ code })).toBe(false);
  });
});

describe('resumeDelay', () => {
  it('backs off from 250 ms, doubling, to 4 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(resumeDelay)).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000]);
  });
});
