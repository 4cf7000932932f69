// Our Node clients of the game (tests, the bench's bot workers) open their sockets with the `ws` package: Node 22's
// built-in WebSocket can report an error and never a close when the server dies, which leaves the SDK
// "reconnecting" forever. The SDK picks globalThis.WebSocket when it loads, so this module is imported before it
// (vitest.config.ts setupFiles; first import of bench/bot-worker.ts).
import { WebSocket } from 'ws';

(globalThis as { WebSocket: unknown }).WebSocket = WebSocket;
