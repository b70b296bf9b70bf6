/** A store's data could not be read: the operator must repair it; it is never reset. */
export class StoreCorruptError extends Error {
  override name = 'StoreCorruptError';
}

/**
 * The store cannot take a write now (its lock is held too long, its files are read-only or the disk is full):
 * nothing was written, and the same write may succeed later. The API answers 503 with Retry-After.
 */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
  readonly retryAfterSeconds: number;

  constructor(reason: string, retryAfterSeconds: number, options?: ErrorOptions) {
    super(`The store cannot take writes now: ${reason}.`, options);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The store cannot be opened (DATA_DIR not a writable folder, no PostgreSQL answering): says what to set. */
export class StoreOpenError extends Error {
  override name = 'StoreOpenError';
}
