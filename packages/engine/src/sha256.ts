// SHA-256 of a UTF-8 string, as lowercase hex: the seed's published hash and the rng's seeding (RULES §7 fair dice).
// @noble/hashes is audited and synchronous in every runtime (Node, browsers), unlike Web Crypto's promises; the
// values are pinned in rng.test.ts, so a change of library cannot change a stored replay.
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export const sha256 = (message: string): string => bytesToHex(nobleSha256(utf8ToBytes(message)));
