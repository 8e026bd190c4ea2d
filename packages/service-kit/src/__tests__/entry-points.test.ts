/**
 * The kit's parts (package.json `exports`): each entry resolves to a module of its own, and there is no
 * root entry or barrel, so importing one part never loads the whole kit.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const kitDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const barrel = path.join(kitDir, 'src/index.ts');
const exportsField = (
  JSON.parse(readFileSync(path.join(kitDir, 'package.json'), 'utf8')) as {
    exports: Record<string, { '@platform/source': string; types: string; default: string }>;
  }
).exports;
const parts = Object.entries(exportsField).filter(([subpath]) => subpath !== '.');

/** The kit's own source files `file` reaches through relative imports (`.js` specifiers name `.ts` files). */
function reachedFrom(file: string): Set<string> {
  const reached = new Set<string>();
  const pending = [file];
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (reached.has(current)) continue;
    reached.add(current);
    const source = readFileSync(current, 'utf8');
    for (const [, specifier] of source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = path.resolve(path.dirname(current), specifier!).replace(/\.js$/, '.ts');
      if (existsSync(target)) pending.push(target);
      else
        throw new Error(`${path.relative(kitDir, current)} imports ${specifier}, which is not a source file`);
    }
  }
  return reached;
}

describe('the kit by its parts', () => {
  it('has no root entry and no barrel: a file imports the part it uses', () => {
    expect(Object.keys(exportsField)).not.toContain('.');
    expect(existsSync(barrel)).toBe(false);
  });

  it('has its parts', () => {
    expect(parts.map(([subpath]) => subpath)).toEqual(
      expect.arrayContaining([
        './http',
        './db',
        './events',
        './jobs',
        './storage',
        './uploads',
        './testing',
        './runtime',
      ]),
    );
  });

  it.each(parts)(
    '%s names its source, its types and its build output, and never loads the barrel',
    (_, entry) => {
      const source = path.join(kitDir, entry['@platform/source']);
      expect(entry.types).toBe(entry['@platform/source']);
      expect(entry.default).toBe(
        entry['@platform/source'].replace(/^\.\/src\//, './dist/').replace(/\.ts$/, '.js'),
      );
      const reached = reachedFrom(source);
      expect(reached.has(source)).toBe(true);
      expect([...reached].filter((file) => file === barrel)).toEqual([]);
    },
  );

  it('names no service of the application (the application keeps its list in @platform/contracts/services)', () => {
    const reached = parts.flatMap(([, entry]) => [
      ...reachedFrom(path.join(kitDir, entry['@platform/source'])),
    ]);
    const naming = [...new Set(reached)].filter((file) =>
      /SERVICE_NAMES|ServiceName\b|@platform\/contracts\/services/.test(readFileSync(file, 'utf8')),
    );
    expect(naming.map((file) => path.relative(kitDir, file))).toEqual([]);
  });
});
