/**
 * Rounds of work that never overlap in this process, run in the background between pauses: the job
 * runner's lanes and the outbox relay both go round this way.
 */

/** A background loop of rounds, one at a time; `poke` looks again at once (right after a round in progress). */
export class RoundLoop {
  private active = false;
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<unknown> | null = null;
  /** Poked while a round was in progress: look again right after it. */
  private again = false;

  /**
   * `backgroundRound` runs one round (its work through `exclusive`) and answers the pause before the next,
   * in ms; it handles its own errors.
   */
  constructor(private readonly backgroundRound: () => Promise<number>) {}

  get running(): boolean {
    return this.active;
  }

  start(): void {
    if (this.active) return;
    this.active = true;
    this.schedule(0);
  }

  poke(): void {
    if (!this.active) return;
    if (this.current) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /** Stops the background rounds and waits for the rounds in progress. */
  async stop(): Promise<void> {
    this.active = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.current) await this.current.catch(() => undefined);
  }

  /** Runs `work` once no other round is in progress; the next waits for it. */
  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    while (this.current) await this.current.catch(() => undefined);
    const promise = work();
    this.current = promise;
    try {
      return await promise;
    } finally {
      if (this.current === promise) this.current = null;
    }
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    // setTimeout holds at most ~24.8 days; a longer sleep is cut short and simply looks again.
    this.timer = setTimeout(() => void this.tick(), Math.min(delayMs, 2 ** 31 - 1));
  }

  private async tick(): Promise<void> {
    this.timer = null;
    if (!this.active) return;
    this.again = false;
    const delay = await this.backgroundRound();
    if (!this.active) return;
    this.schedule(this.again ? 0 : delay);
  }
}
