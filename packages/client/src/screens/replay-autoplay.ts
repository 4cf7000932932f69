// Replay autoplay: Play plays the match event after event at the board's animation speed (1×, 2×, skip:
// the speed button under the board), Pause stops after the event playing; the step buttons work at any time.
import { h } from '../ui/dom.js';
import { prefs } from '../ui/prefs.js';

/** A short breath between events at 1×, so the log and the board can be followed. */
const GAP_MS = 250;

export class Autoplay {
  readonly button = h('button.small.primary', {
    id: 'replay-play',
    type: 'button',
    'aria-keyshortcuts': 'Space',
  });
  private playing = false;
  private run = 0;

  constructor(
    private readonly o: {
      /** Plays the next event; false at the end. */
      step: () => boolean;
      /** Resolves when the board has finished animating. */
      idle: () => Promise<void>;
      atEnd: () => boolean;
    },
  ) {
    this.button.addEventListener('click', () => this.toggle());
    this.paint();
  }

  get on(): boolean {
    return this.playing;
  }

  toggle(): void {
    if (this.playing) this.stop();
    else this.start();
  }

  start(): void {
    if (this.o.atEnd()) return;
    this.playing = true;
    this.paint();
    void this.loop(++this.run);
  }

  stop(): void {
    this.playing = false;
    this.run++;
    this.paint();
  }

  private async loop(run: number): Promise<void> {
    while (this.playing && run === this.run) {
      if (!this.o.step()) break;
      await this.o.idle();
      const sp = prefs().speed;
      if (sp !== 'skip') await new Promise((ok) => setTimeout(ok, GAP_MS / sp));
    }
    if (run === this.run) this.stop();
  }

  private paint(): void {
    this.button.textContent = this.playing ? '❚❚ Pause' : '▶ Play';
    this.button.setAttribute('aria-label', this.playing ? 'Pause the replay' : 'Play the replay');
    this.button.title = this.playing ? 'Pause (Space)' : 'Play the match event by event (Space)';
  }
}
