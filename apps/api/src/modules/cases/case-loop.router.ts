// PLACEHOLDER (being built for #37): every route answers 503 until its handler lands.
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { AppError } from '../../lib/errors';

const s = initServer();
const notBuilt = async (): Promise<never> => {
  throw new AppError('NOT_BUILT', 'Not built yet', 503);
};

export const caseLoopRouter = s.router(contract.caseLoop, {
  reply: notBuilt,
  rule: notBuilt,
  customerView: notBuilt,
  customerAnswer: notBuilt,
  customerRecovery: notBuilt,
  staffCases: notBuilt,
  staffSide: notBuilt,
});
