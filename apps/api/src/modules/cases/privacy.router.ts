// PLACEHOLDER (being built for #37): every route answers 503 until its handler lands.
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { AppError } from '../../lib/errors';

const s = initServer();
const notBuilt = async (): Promise<never> => {
  throw new AppError('NOT_BUILT', 'Not built yet', 503);
};

export const privacyRouter = s.router(contract.privacy, {
  exportSubject: notBuilt,
  eraseSubject: notBuilt,
});
