// Every record's `business` refers to the Business (the tenant), never to the user who shares its id at sign-up.
import mongoose from 'mongoose';
import '../../src/app';
import '../../src/jobs/registry';
import { StoreModel } from '../../src/modules/stores/store.model';
import { makeBusinesses } from '../factories';
import { setupTestDb } from '../helpers/db';

setupTestDb();

describe('business references in the models', () => {
  it('every model with a business field refers to the Business model', () => {
    const withBusiness = mongoose.modelNames().filter((name) => mongoose.model(name).schema.path('business'));
    expect(withBusiness.length).toBeGreaterThan(15); // the API and the jobs registered their models
    const wrong = withBusiness
      .map((name) => [name, mongoose.model(name).schema.path('business').options.ref] as const)
      .filter(([, ref]) => ref !== 'Business');
    expect(wrong).toEqual([]);
  });

  it("populates a store's business when the business id is not its owner's", async () => {
    const [founded] = await makeBusinesses(1);
    const [bought] = await makeBusinesses(1, {
      owner: founded!.user,
      business: () => ({ name: 'Harbour Cafés' }),
    });
    const store = await StoreModel.findById(bought!.stores[0]!._id)
      .populate<{ business: { name: string } | null }>('business', 'name')
      .lean();
    expect(store?.business?.name).toBe('Harbour Cafés');
  });
});
