// Command counters reported by serverStatus (opcounters + metrics.commands), as mongod keeps them: what a client sent.
import type { Doc } from './errors';

/** mongod's registered spelling of each command, keyed by lower case (clients may send isMaster or ismaster). */
const CANONICAL: Record<string, string> = Object.fromEntries(
  [
    'aggregate',
    'buildInfo',
    'collStats',
    'count',
    'create',
    'createIndexes',
    'dbStats',
    'delete',
    'distinct',
    'drop',
    'dropDatabase',
    'dropIndexes',
    'endSessions',
    'find',
    'findAndModify',
    'getMore',
    'getParameter',
    'hello',
    'hostInfo',
    'insert',
    'isMaster',
    'killCursors',
    'listCollections',
    'listDatabases',
    'listIndexes',
    'ping',
    'serverStatus',
    'update',
  ].map((n) => [n.toLowerCase(), n]),
);

export interface OpCounters {
  insert: number;
  query: number;
  update: number;
  delete: number;
  getmore: number;
  command: number;
}

export class CommandCounters {
  readonly opcounters: OpCounters = { insert: 0, query: 0, update: 0, delete: 0, getmore: 0, command: 0 };
  private readonly commands = new Map<string, { total: number; failed: number }>();

  /**
   * One received command. As in mongod, inserts count documents, updates and deletes count statements, find and
   * getMore count once each, and everything else is a `command`.
   */
  record(name: string, body: Doc, known: boolean): void {
    const lower = name.toLowerCase();
    this.entry(name, known).total++;
    const statements = (field: string) =>
      Array.isArray(body[field]) ? (body[field] as unknown[]).length : 0;
    if (lower === 'insert') this.opcounters.insert += statements('documents');
    else if (lower === 'update') this.opcounters.update += statements('updates');
    else if (lower === 'delete') this.opcounters.delete += statements('deletes');
    else if (lower === 'find') this.opcounters.query++;
    else if (lower === 'getmore') this.opcounters.getmore++;
    else this.opcounters.command++;
  }

  /** A command that answered ok: 0. */
  failed(name: string, known: boolean): void {
    this.entry(name, known).failed++;
  }

  /** Unknown commands share mongod's `<UNKNOWN>` entry; known ones go under their registered spelling. */
  private entry(name: string, known: boolean): { total: number; failed: number } {
    const key = known ? (CANONICAL[name.toLowerCase()] ?? name) : '<UNKNOWN>';
    let entry = this.commands.get(key);
    if (!entry) this.commands.set(key, (entry = { total: 0, failed: 0 }));
    return entry;
  }

  /** `metrics.commands` of serverStatus: `{ find: { failed, total }, … }` in name order. */
  metricsCommands(): Doc {
    const names = [...this.commands.keys()].sort();
    return Object.fromEntries(names.map((n) => [n, { ...this.commands.get(n) }]));
  }
}
