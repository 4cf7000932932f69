export { createGameServer, type GameServer, type GameServerOptions } from './app.js';
export { openStorage, SqliteStorage, PostgresStorage, type Storage, type RecordSummary } from './storage/index.js';
export { MatchRoom, type MatchMetadata } from './rooms/MatchRoom.js';
export { createLogger } from './log.js';
