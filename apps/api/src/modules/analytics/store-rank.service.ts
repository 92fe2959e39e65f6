// A member's stores' places in the whole chain (#36): the league is ranked over every live store of the business
// (from the rollups, like the store league), then only the member's own stores leave, with rank and league size.
import type { TStoreRank, TStoreRankQuery } from '@cx/contracts';
import type { Access } from '../../tenancy/access';
import { loadRows, LEAGUE_METRICS, storeLeagueFrom } from './league.service';
import { loadScope } from './scope';

export async function storeRank(
  access: Access,
  query: TStoreRankQuery,
  now = new Date(),
): Promise<TStoreRank> {
  // The chain-wide scope is read server-side only: no other store's name or figure is put in the answer.
  const chain = await loadScope({ ...access, storeIds: null, areaIds: undefined }, query, now);
  const league = storeLeagueFrom(chain, await loadRows(chain, [...LEAGUE_METRICS], { people: 'store' }));
  const mine = access.storeIds === null ? null : new Set(access.storeIds);
  const rows = [...league.ranked, ...league.notRanked].filter((r) => mine === null || mine.has(r.store._id));
  return {
    period: chain.label,
    ranked: league.ranked.length,
    minSample: league.minSample,
    stores: rows.map((r) => ({
      store: { _id: r.store._id, name: r.store.name },
      rank: r.rank,
      ratings: r.ratings,
    })),
  };
}
