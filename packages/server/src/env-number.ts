// A whole number of the process' configuration (main.ts, storage/index.ts): unset or empty takes the default; anything
// else but digits, or past `max`, is refused with an error that names the setting and what it was given.

/** `env[name]` as a whole number ≥ 0 (`unit` and `max` only shape the check and its message). */
export function envWholeNumber(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  { unit, max = Number.POSITIVE_INFINITY }: { unit?: string; max?: number } = {},
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > max) {
    const range = Number.isFinite(max) ? ` from 0 to ${max}` : '';
    throw new Error(`${name} must be a whole number${unit ? ` of ${unit}` : ''}${range}, not "${raw}"`);
  }
  return Number(raw);
}
