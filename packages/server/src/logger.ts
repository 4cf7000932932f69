// Structured logs (pino). Lines carry the room id and seats, never a commitment, a decision or the seed before
// the end of a match.
import pino, { type Logger } from 'pino';

export function createLogger(level = process.env.LOG_LEVEL ?? (process.env.VITEST ? 'silent' : 'info')): Logger {
  return pino({ level, base: { service: 'star-eater-server' } });
}
