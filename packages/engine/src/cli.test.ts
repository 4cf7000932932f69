// The command line of RULES §10, run as a real process the way players run it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const CLI = join(import.meta.dirname, 'cli.ts');
const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { encoding: 'utf8' });

describe('RULES §10: the engine command line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'se-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const sim = run('simulate', '--seed', 'cli-test', '--matches', '3', '--records', dir);

  it('RULES §10: simulate plays n complete matches, one summary line each, then a digest; same seed, same output', () => {
    expect(sim.status).toBe(0);
    const lines = sim.stdout.trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^match 1: seed [0-9a-f]+ (fpa|lamais) vs (fpa|lamais): (winner P[12]|draw) \(\w+\) after \d+ rounds, \d+ events$/,
    );
    expect(lines[3]).toMatch(/^digest [0-9a-f]{64}$/);
    expect(run('simulate', '--seed', 'cli-test', '--matches', '3').stdout).toBe(sim.stdout);
    expect(run('simulate', '--seed', 'other', '--matches', '3').stdout).not.toBe(sim.stdout);
  });

  it('RULES §10: replay prints { events, state } with the state fields the format names', () => {
    const r = run('replay', join(dir, 'match-1.json'));
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Array.isArray(out.events)).toBe(true);
    expect(out.events.length).toBeGreaterThan(0);
    const { state } = out;
    expect(state).toHaveProperty('round');
    expect([0, 1]).toContain(state.initiative);
    expect(state.winner === 'draw' || state.winner === 0 || state.winner === 1).toBe(true);
    expect(state.ships).toHaveLength(2);
    for (const ship of state.ships) {
      expect(ship.core).toEqual({ q: expect.any(Number), r: expect.any(Number) });
      expect(['N', 'NE', 'SE', 'S', 'SW', 'NW']).toContain(ship.facing);
      expect(Object.keys(ship.armour).sort()).toEqual(['bow', 'core', 'port', 'starboard']);
      expect(Object.keys(ship.cooldown).sort()).toEqual(['broadside', 'fighterBay', 'main', 'pointDefence']);
      expect(ship.momentum).toEqual({ linear: expect.any(Array), rotational: expect.any(Array) });
    }
    for (const t of state.tokens)
      expect(Object.keys(t)).toEqual(expect.arrayContaining(['kind', 'owner', 'at', 'facing']));
  });

  it('RULES §10: a malformed record is refused with the first bad field and exit code 2', () => {
    const record = JSON.parse(readFileSync(join(dir, 'match-1.json'), 'utf8'));
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({ ...record, players: [record.players[0], { ...record.players[1], faction: 'klingon' }] }),
    );
    const r = run('replay', bad);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/record\.players\[1\]\.faction/);
    writeFileSync(bad, '{ not json');
    expect(run('replay', bad).status).toBe(2);
    expect(run('replay', join(dir, 'missing.json')).status).toBe(2);
  });

  it('RULES §10: an illegal record is refused naming the first bad round', () => {
    const record = JSON.parse(readFileSync(join(dir, 'match-1.json'), 'utf8'));
    record.rounds[1].commitments[0] = { engine: 'WARP', cards: [] };
    const bad = join(dir, 'illegal.json');
    writeFileSync(bad, JSON.stringify(record));
    const r = run('replay', bad);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/record\.rounds\[1\]\.commitments\[0\]/);
  });

  it('RULES §10: a record whose draft does not produce its loadout is refused naming the field, exit code 2', () => {
    const record = JSON.parse(readFileSync(join(dir, 'match-1.json'), 'utf8'));
    const pd =
      record.players[0].faction === 'fpa'
        ? ['fpa-ciws', 'fpa-flak-screen']
        : ['lamais-point-lasers', 'lamais-scatter-guns'];
    record.players[0].loadout.pointDefence = pd.find((id) => id !== record.players[0].loadout.pointDefence);
    const bad = join(dir, 'undrafted.json');
    writeFileSync(bad, JSON.stringify(record));
    const r = run('replay', bad);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/record\.players\[0\]\.loadout\.pointDefence/);
  });

  it('an unknown command prints the usage and exits 2', () => {
    const r = run('frobnicate');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/usage/);
  });
});
