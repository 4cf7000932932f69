// Test setup (vitest.config.ts setupFiles): every HTTP request of the tests goes on a connection of its own
// (`connection: close`), never on an idle keep-alive socket. The server closes a kept socket after its keep-alive
// timeout (5 s); undici's fetch drops it 2 s before that, but on a coarse timer that runs late when the test's event
// loop is starved (the in-process tests share their loop with the server). Under heavy load a request then went out
// on a socket the server had just closed: ECONNRESET, "fetch failed" (computer-load.test while it created its
// matches, at load 15–25). A loopback connection per request costs nothing next to a test.
const fetchKeepingAlive = globalThis.fetch.bind(globalThis);

globalThis.fetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  headers.set('connection', 'close');
  return fetchKeepingAlive(input, { ...init, headers });
};
