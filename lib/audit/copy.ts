// A checkpoint copy as people keep it (the `audit_checkpoint` log line, the answer of /api/audit/head, or
// either's checkpoint object), turned into the chain check's query. Browser-safe: the console parses pastes.

/** The chain check's query for a pasted copy: a log line, its `audit_checkpoint`, a head answer or its `checkpoint`. */
export function checkpointQuery(text: string): Record<string, string> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const root = (parsed ?? {}) as Record<string, unknown>;
  const data = (root.data ?? root) as Record<string, unknown>;
  const found = (root.audit_checkpoint ?? data.checkpoint ?? root) as Record<string, unknown> | null;
  if (!found || typeof found !== 'object' || found.seq === undefined) return null;
  const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));
  return {
    seq: asText(found.seq),
    hash: asText(found.hash),
    at: asText(found.at),
    ...(found.keyId ? { key_id: asText(found.keyId) } : {}),
    ...(found.signature ? { signature: asText(found.signature) } : {}),
  };
}
