// The HTTP API's JSON calls: an answer, or an Error carrying the server's own sentence (its `{ error }` body) and
// the status, so a screen can say what was wrong instead of "request failed".

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function answer<T>(r: Response, what: string): Promise<T> {
  const text = await r.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    throw new ApiError(`${what}: the server answered ${r.status} without JSON`, r.status);
  }
  if (!r.ok) {
    const said = (body as { error?: unknown } | null)?.error;
    throw new ApiError(typeof said === 'string' ? said : `${what}: the server answered ${r.status}`, r.status);
  }
  return body as T;
}

/** GET a JSON answer (same origin, cookies included). */
export async function getJson<T>(path: string): Promise<T> {
  const r = await fetch(path, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  return answer<T>(r, `GET ${path.split('?')[0]}`);
}

/** POST a JSON body, get a JSON answer (same origin, cookies included: the session cookie goes and comes). */
export function postJson<T>(path: string, body: unknown = {}): Promise<T> {
  return sendJson<T>('POST', path, body);
}

export async function sendJson<T>(method: 'POST' | 'PATCH', path: string, body: unknown): Promise<T> {
  const r = await fetch(path, {
    method,
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  return answer<T>(r, `${method} ${path}`);
}
