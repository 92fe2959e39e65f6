// PLACEHOLDER (being built for #37): every route answers 503 until its handler lands.
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { AppError } from '../../lib/errors';

const s = initServer();
const notBuilt = async (): Promise<never> => {
  throw new AppError('NOT_BUILT', 'Not built yet', 503);
};

export const casesRouter = s.router(contract.cases, {
  getSettings: notBuilt,
  putSettings: notBuilt,
  list: notBuilt,
  get: notBuilt,
  open: notBuilt,
  update: notBuilt,
  addNote: notBuilt,
  metrics: notBuilt,
});
