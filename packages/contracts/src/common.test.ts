import { contract, ZObjectIdSchema } from './index';

describe('contract root', () => {
  it('prefixes every route with /api/v1', () => {
    expect(contract.health.getHealth.path).toBe('/api/v1/health');
  });
  it('rejects a malformed ObjectId with a readable message', () => {
    const r = ZObjectIdSchema.safeParse('nope');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Must be a valid id');
  });
});
