// Public entry point of @cx/local-mongo.
export { startMongo } from './resolve';
export type { MongoBackend, StartMongoOptions, StartedMongo } from './resolve';
export { startOfflineEngine } from './server';
export type { OfflineEngine, OfflineEngineOptions } from './server';
export { startEngineProcess } from './child';
export type { EngineProcess, EngineProcessOptions } from './child';
