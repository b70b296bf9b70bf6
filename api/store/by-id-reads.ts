// The reads of one record by its id, shared by both engines: each says once how it reads a record of a collection
// (`byId`), and these are methods on the prototype, not a closure per method made with each query object.
import type { Collection, RecordOf } from './store.ts';

export abstract class ByIdReads {
  /** The record of `collection` whose id is `id`, if any. */
  protected abstract byId<C extends Collection>(collection: C, id: string): Promise<RecordOf<C> | undefined>;

  orgById(id: string) {
    return this.byId('orgs', id);
  }

  accountById(id: string) {
    return this.byId('accounts', id);
  }

  keyById(id: string) {
    return this.byId('keys', id);
  }

  accessRequestById(id: string) {
    return this.byId('access_requests', id);
  }

  requestById(id: string) {
    return this.byId('requests', id);
  }

  demandPostById(id: string) {
    return this.byId('demand', id);
  }

  sampleById(id: string) {
    return this.byId('samples', id);
  }

  recallById(id: string) {
    return this.byId('recalls', id);
  }

  idempotencyRecord(id: string) {
    return this.byId('idempotency', id);
  }

  mailById(id: string) {
    return this.byId('mail', id);
  }

  webhookById(id: string) {
    return this.byId('webhooks', id);
  }

  deliveryById(id: string) {
    return this.byId('deliveries', id);
  }
}
