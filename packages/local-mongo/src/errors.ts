// MongoDB-shaped errors: every failure the engine raises carries a mongod code + codeName so drivers classify it correctly.
export type Doc = Record<string, unknown>;

export const ErrorCodes = {
  InternalError: 1,
  BadValue: 2,
  FailedToParse: 9,
  TypeMismatch: 14,
  IllegalOperation: 20,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  PathNotViable: 28,
  ConflictingUpdateOperators: 40,
  CursorNotFound: 43,
  NamespaceExists: 48,
  DollarPrefixedFieldName: 52,
  CommandNotFound: 59,
  ImmutableField: 66,
  CannotCreateIndex: 67,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  CommandNotSupported: 115,
  InvalidPipelineOperator: 168,
  NotImplemented: 238,
  UnsupportedOpQueryCommand: 352,
  DuplicateKey: 11000,
  UnrecognizedPipelineStage: 40324,
} as const;

const CODE_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(ErrorCodes).map(([name, code]) => [
    code,
    name === 'UnrecognizedPipelineStage' ? 'Location40324' : name,
  ]),
);

export class MongoCommandError extends Error {
  readonly code: number;
  readonly codeName: string;
  /** Extra fields copied into the error reply / writeError (e.g. keyPattern, keyValue). */
  readonly extra: Doc;

  constructor(code: number, message: string, extra: Doc = {}) {
    super(message);
    this.code = code;
    this.codeName = CODE_NAMES[code] ?? `Location${code}`;
    this.extra = extra;
  }

  toReply(): Doc {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
  }

  toWriteError(index: number): Doc {
    return { index, code: this.code, errmsg: this.message, ...this.extra };
  }
}

export function fail(code: number, message: string, extra?: Doc): never {
  throw new MongoCommandError(code, message, extra);
}

export function notSupported(what: string): never {
  throw new MongoCommandError(
    ErrorCodes.NotImplemented,
    `${what} is not supported by the offline engine (@cx/local-mongo)`,
  );
}

/**
 * mingo throws plain Errors; mongod would answer with BadValue / pipeline codes, so translate the
 * common shapes instead of letting them surface as generic internal errors.
 */
export function toMongoError(err: unknown): MongoCommandError {
  if (err instanceof MongoCommandError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/unknown (top level )?(query )?operator/i.test(message)) {
    return new MongoCommandError(
      ErrorCodes.BadValue,
      message.replace('unknown query operator', 'unknown operator:'),
    );
  }
  const stage = /(?:unregistered|unknown) pipeline operator:? '?(\$\w+)/i.exec(message);
  if (stage)
    return new MongoCommandError(
      ErrorCodes.UnrecognizedPipelineStage,
      `Unrecognized pipeline stage name: '${stage[1] ?? ''}'`,
    );
  if (/operator|expression/i.test(message) && /not (registered|found)|unknown|undefined/i.test(message)) {
    return new MongoCommandError(ErrorCodes.InvalidPipelineOperator, message);
  }
  // engine bugs (TypeError & co.) must not masquerade as user errors
  if (err instanceof TypeError || err instanceof RangeError || err instanceof ReferenceError) {
    return new MongoCommandError(ErrorCodes.InternalError, `offline engine internal error: ${message}`);
  }
  return new MongoCommandError(ErrorCodes.BadValue, message);
}
