// /staff-performance (Staff League Table): staff ranked fairly for the period, with who is not ranked yet below.
import { LeaguePage } from '@/components/analytics/LeaguePage';
import { paths } from '@/config/paths';
import { useStaffLeague } from '../api/staff-league';
import { StaffLeagueTable, StaffName } from '../components/StaffLeagueTable';

export function StaffLeagueTablePage() {
  return (
    <LeaguePage
      table="staff"
      title={paths.business.staffPerformance.title}
      description="Your staff ranked by what customers said about them, and the experience customers had on their shifts."
      what="person"
      useLeague={useStaffLeague}
      renderTable={(data, sort, onSort) => <StaffLeagueTable league={data} sort={sort} onSort={onSort} />}
      rowKey={(row) => row.staff._id}
      rowName={(row) => <StaffName row={row} />}
    />
  );
}
