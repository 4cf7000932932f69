import { describe, expect, it } from 'vitest';
import { AnimationQueue, type AnimStep } from './queue.js';

function recorder() {
  const log: string[] = [];
  const step = (label: string, duration: number): AnimStep => ({
    label,
    duration,
    start: () => log.push(`start ${label}`),
    update: (t) => log.push(`update ${label} ${t.toFixed(2)}`),
    finish: () => log.push(`finish ${label}`),
  });
  return { log, step };
}

describe('AnimationQueue', () => {
  it('plays steps strictly in the order pushed, one at a time', () => {
    const { log, step } = recorder();
    const q = new AnimationQueue();
    q.push(step('a', 100), step('b', 100));
    q.tick(50);
    expect(log).toEqual(['start a', 'update a 0.50']);
    q.tick(50);
    expect(log.slice(2)).toEqual(['finish a']);
    q.tick(25);
    expect(log.slice(3)).toEqual(['start b', 'update b 0.25']);
    q.tick(1000);
    expect(log.slice(5)).toEqual(['finish b']);
    expect(q.busy).toBe(false);
  });

  it('completes several short steps within one long tick, in order, carrying leftover time', () => {
    const { log, step } = recorder();
    const q = new AnimationQueue();
    q.push(step('a', 10), step('zero', 0), step('b', 10), step('c', 100));
    q.tick(30);
    expect(log).toEqual([
      'start a',
      'finish a',
      'start zero',
      'finish zero',
      'start b',
      'finish b',
      'start c',
      'update c 0.10',
    ]);
  });

  it('speed scales time; speed 0 pauses', () => {
    const { log, step } = recorder();
    const q = new AnimationQueue();
    q.push(step('a', 100));
    q.speed = 4;
    q.tick(10);
    expect(log.at(-1)).toBe('update a 0.40');
    q.speed = 0;
    q.tick(1000);
    expect(log.at(-1)).toBe('update a 0.40');
    q.speed = 0.5;
    q.tick(100);
    expect(log.at(-1)).toBe('update a 0.90');
  });

  it('skip finishes the current and all queued steps in order and reports idle once', () => {
    const { log, step } = recorder();
    const q = new AnimationQueue();
    let idle = 0;
    q.on((e) => {
      if (e.kind === 'idle') idle++;
    });
    q.push(step('a', 100), step('b', 100), step('c', 100));
    q.tick(10);
    q.skip();
    expect(log.filter((l) => !l.startsWith('update'))).toEqual([
      'start a',
      'finish a',
      'start b',
      'finish b',
      'start c',
      'finish c',
    ]);
    expect(idle).toBe(1);
    expect(q.pending).toBe(0);
  });

  it('steps pushed while playing go to the back of the queue', () => {
    const { log, step } = recorder();
    const q = new AnimationQueue();
    q.push(
      {
        ...step('a', 10),
        finish: () => {
          log.push('finish a');
          q.push(step('late', 10));
        },
      },
      step('b', 10),
    );
    q.tick(100);
    expect(log.filter((l) => l.startsWith('finish'))).toEqual(['finish a', 'finish b', 'finish late']);
  });

  it('every step finishes exactly once', () => {
    const q = new AnimationQueue();
    const count = new Map<string, number>();
    for (let i = 0; i < 50; i++) {
      q.push({
        label: `s${i}`,
        duration: (i * 7) % 23,
        finish: () => count.set(`s${i}`, (count.get(`s${i}`) ?? 0) + 1),
      });
    }
    for (let i = 0; i < 20; i++) q.tick(13);
    q.skip();
    q.skip();
    expect([...count.values()].every((v) => v === 1)).toBe(true);
    expect(count.size).toBe(50);
  });
});
