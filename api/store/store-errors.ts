/** A store's data could not be read: the operator must repair it; it is never reset. */
export class StoreCorruptError extends Error {
  override name = 'StoreCorruptError';
}
