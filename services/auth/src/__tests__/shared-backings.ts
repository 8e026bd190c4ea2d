/**
 * One backing of each kind for a whole test file. Making a database costs seconds (a PGlite folder copied
 * from its template, or a PostgreSQL database migrated from scratch), so blocks that start the service one
 * after the other, and whose tests make their own accounts, can run on the same data: `get(factory)` in
 * each block's `beforeAll` (stop the service in its `afterAll`), `cleanupAll()` in the file's top-level
 * `afterAll`.
 */
import type { Backing, BackingFactory } from '@platform/service-kit/testing';

export class SharedBackings {
  private readonly made = new Map<string, Promise<Backing>>();

  get(factory: BackingFactory): Promise<Backing> {
    let backing = this.made.get(factory.name);
    if (!backing) {
      backing = factory.create();
      this.made.set(factory.name, backing);
    }
    return backing;
  }

  async cleanupAll(): Promise<void> {
    const all = [...this.made.values()];
    this.made.clear();
    for (const made of all) {
      // A backing that could not be made was reported by the block that asked for it.
      const backing = await made.catch(() => undefined);
      await backing?.cleanup();
    }
  }
}
