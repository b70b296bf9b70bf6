// The records of recalls (contract §15): a listing's items withdrawn, and each lab's deletion attestation. Types only.

/** One recalled item: its id, and the sample files that hold it with their SHA-256 (none when no sample holds it). */
export type RecalledItem = { id: string; files: { path: string; sha256: string }[] };

/**
 * Items of a listing withdrawn (a data subject took back consent): every organisation that received the listing's
 * sample link or licensed it (`recipients`, fixed when the recall is made) is told, and attests its deletion.
 */
export type RecallRecord = {
  id: string;
  listing_id: string;
  reason: string;
  items: RecalledItem[];
  /** The organisations told, by id. */
  recipients: string[];
  /** Who recalled: `operator` (the CLI), or a staff account's id (the desk). */
  created_by: string;
  created_at: string;
};

/** A lab's deletion attestation for a recall: one per organisation, its id `<recall id>:<org id>`. */
export type RecallAcknowledgementRecord = {
  id: string;
  recall_id: string;
  org_id: string;
  deleted: true;
  statement: string;
  /** The account that attested (a key's own account when by key), and the key, if one was used. */
  account_id: string;
  key_id: string | null;
  ip: string;
  created_at: string;
};
