/** Time as the services see it; tests set it to check drip release, reminders and expiries. */
export interface Clock {
  now(): Date;
  /** A clock that tests move calls `listener` after each move (the job runner looks at its schedule). */
  onChange?(listener: () => void): () => void;
}

export const systemClock: Clock = { now: () => new Date() };

export class SettableClock implements Clock {
  private current: Date;
  private readonly listeners = new Set<() => void>();

  constructor(start: Date | string = new Date()) {
    this.current = new Date(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  set(to: Date | string): void {
    this.current = new Date(to);
    this.changed();
  }

  advance(milliseconds: number): void {
    this.current = new Date(this.current.getTime() + milliseconds);
    this.changed();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
