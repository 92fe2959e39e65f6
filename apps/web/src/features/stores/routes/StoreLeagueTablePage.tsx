// /store-performance (Store League Table): stores ranked fairly for the period (visits, rating rate, social clicks), then areas.
import { LeaguePage } from '@/components/analytics/LeaguePage';
import { paths } from '@/config/paths';
import { useStoreLeague } from '../api/store-league';
import { AreaLeagueCard } from '../components/AreaLeagueCard';
import { StoreLeagueTable, StoreName } from '../components/StoreLeagueTable';

export function StoreLeagueTablePage() {
  return (
    <LeaguePage
      table="stores"
      title={paths.business.storePerformance.title}
      description="Your stores ranked by customer ratings, with the visits and social clicks behind them."
      what="store"
      showKind
      useLeague={useStoreLeague}
      renderTable={(data, sort, onSort) => <StoreLeagueTable league={data} sort={sort} onSort={onSort} />}
      rowKey={(row) => row.store._id}
      rowName={(row) => <StoreName row={row} />}
      after={<AreaLeagueCard />}
    />
  );
}
