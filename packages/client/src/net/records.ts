// A match's record from the server (GET /api/records/:id). A match names its record as it ends, while the record's
// write may still be on its way: the process that ran the match makes its readers wait for it, but with several
// server processes the one asked may not see it yet. So a "no such record" is asked again for a few seconds before it
// counts; any other failure counts at once.

/** Tries after the first, and the wait before each: 6 s in all. */
const RETRIES = 12;
const RETRY_MS = 500;

/** The record's answer (its JSON text), or an Error naming why there is none. */
export async function fetchRecord(id: string): Promise<Response> {
  const url = `/api/records/${encodeURIComponent(id)}`;
  let r = await fetch(url);
  for (let i = 0; r.status === 404 && i < RETRIES; i++) {
    await new Promise((ok) => setTimeout(ok, RETRY_MS));
    r = await fetch(url);
  }
  if (r.ok) return r;
  throw new Error(r.status === 404 ? `the server has no record ${id}` : `the server answered ${r.status}`);
}
