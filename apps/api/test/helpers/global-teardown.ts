// Jest global teardown: stops the MongoDB the global setup started (a no-op for MONGODB_URI).
export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __cxMongoStop?: () => Promise<void> }).__cxMongoStop?.();
}
