// The one place that picks a store engine: everything else talks to the Store interface.
import type { Config } from '../config.ts';
import { JsonStore } from './json/json-store.ts';
import type { Store } from './store.ts';

export async function openStore(config: Pick<Config, 'dataDir'>): Promise<Store> {
  return JsonStore.open(config.dataDir);
}
