import { describe, expect, it } from 'vitest';
import { ratingDelta } from '../screens/game-list.js';
import { tokenExpiry } from './identity.js';
import { PROVISIONAL_RD } from '@star-eater/protocol';
import { ratingText } from './player-api.js';

const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('a rating as shown', () => {
  it('is rounded, with "?" while its deviation is at or above the provisional bound', () => {
    expect(ratingText(1523.6, PROVISIONAL_RD - 0.1)).toBe('1524');
    expect(ratingText(1523.4, PROVISIONAL_RD)).toBe('1523?');
    expect(ratingText(1500, 350)).toBe('1500?');
  });
  it('a change between two ratings, signed, from the rounded values', () => {
    expect(ratingDelta(1500, 1662.3)).toBe('+162');
    expect(ratingDelta(1500, 1337.6)).toBe('−162');
    expect(ratingDelta(1500.2, 1499.9)).toBe('±0');
  });
});

describe('tokenExpiry', () => {
  it("reads a JWT's exp (base64url, unpadded) without verifying it", () => {
    const token = `${b64url({ alg: 'HS256' })}.${b64url({ sub: 'p-ü?>', exp: 1_900_000_000 })}.sig`;
    expect(tokenExpiry(token)).toBe(1_900_000_000);
  });
  it('null for a token without a readable exp', () => {
    expect(tokenExpiry('garbage')).toBeNull();
    expect(tokenExpiry(`x.${b64url({ sub: 'p' })}.y`)).toBeNull();
    expect(tokenExpiry('x.%%%.y')).toBeNull();
  });
});
