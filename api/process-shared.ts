// One instance per process of something costly to open (the store, the catalogue), shared by every copy of the code
// that asks for it: the server's modules and the Astro bundle's on-demand pages are separate module graphs in one
// process, so a module-level variable would give each its own.

const REGISTRY = Symbol.for('dss.process-shared');
const registry = globalThis as { [REGISTRY]?: Map<string, Promise<unknown>> };

/**
 * The instance named `key`, opened by the first caller. A failed open is not kept: the next caller tries again, so
 * a store that was briefly unreadable at start does not leave the pages failing until a restart.
 */
export function processShared<T>(key: string, open: () => Promise<T>): Promise<T> {
  const shared = (registry[REGISTRY] ??= new Map());
  let instance = shared.get(key) as Promise<T> | undefined;
  if (!instance) {
    const opening = open();
    opening.catch(() => {
      if (shared.get(key) === opening) shared.delete(key);
    });
    shared.set(key, opening);
    instance = opening;
  }
  return instance;
}
