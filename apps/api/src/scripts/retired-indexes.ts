// Indexes the models once declared and no longer do: mongoose never drops them, and each still costs every write.
import type { Db } from 'mongodb';

export const RETIRED_INDEXES: ReadonlyArray<{ collection: string; name: string }> = [
  // replaced by due_by_endpoint: the webhook claim asks one endpoint at a time
  { collection: 'webhookdeliveries', name: 'due_pending' },
];

/** Drops the retired indexes still present; answers how many it dropped (0 on a second run). */
export async function dropRetiredIndexes(db: Db): Promise<number> {
  const present = new Set((await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
  let dropped = 0;
  for (const { collection, name } of RETIRED_INDEXES) {
    if (!present.has(collection)) continue;
    const indexes = await db.collection(collection).listIndexes().toArray();
    if (!indexes.some((i) => i.name === name)) continue;
    await db.collection(collection).dropIndex(name);
    dropped += 1;
  }
  return dropped;
}
