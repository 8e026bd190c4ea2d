/** A remote's page loaded on first visit, in its own chunk: the export `name` of the module `load` imports. */
import { lazy, type ComponentType } from 'react';

export function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
