// For the client's one-source tests (the engine is the one source of content): run `check` with one field of the
// engine's content changed, then put it back. What the screen shows must follow the engine, not a copy.
export function withRenamed<T extends object, K extends keyof T>(o: T, key: K, to: T[K], check: () => void): void {
  const was = o[key];
  o[key] = to;
  try {
    check();
  } finally {
    o[key] = was;
  }
}
