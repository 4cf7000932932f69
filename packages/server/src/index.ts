export { createGameServer, type GameServer, type GameServerOptions } from './app.js';
export { openStorage, SqliteStorage, PostgresStorage, type Storage, type RecordSummary } from './storage/index.js';
export { MatchRoom, type MatchMetadata } from './room/MatchRoom.js';
export { createLogger } from './logger.js';
