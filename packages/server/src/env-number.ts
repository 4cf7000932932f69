// A whole number of the process' configuration (main.ts): unset or empty takes the default; anything else but digits
// is refused with an error that names the setting and what it was given.

/** `env[name]` as a whole number ≥ 0. */
export function envWholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a whole number, not "${raw}"`);
  return Number(raw);
}
