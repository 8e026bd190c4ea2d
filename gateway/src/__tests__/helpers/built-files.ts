/** Writes a front end's build folder for a test: each file name → its content. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export async function writeBuilt(dir: string, files: Record<string, string | Buffer>): Promise<void> {
  await mkdir(dir, { recursive: true });
  await Promise.all(Object.entries(files).map(([name, content]) => writeFile(path.join(dir, name), content)));
}
