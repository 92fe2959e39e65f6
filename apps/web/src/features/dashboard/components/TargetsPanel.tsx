// The Snapshot's targets: the scope's node (a store, a district, the chain) against each target, its area and its peers.
import { Button, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import type { TNodePerformance } from '@cx/contracts';
import { TargetLines } from '@/components/analytics/TargetParts';
import { paths } from '@/config/paths';
import { Panel } from './SnapshotPanels';

export function TargetsPanel({ performance }: { performance: TNodePerformance }) {
  const anySet = performance.metrics.some((m) => m.target !== null);
  return (
    <Panel id="targets" title={`Targets · ${performance.node.name}`}>
      {anySet ? (
        <TargetLines metrics={performance.metrics} />
      ) : (
        <Text color="fg.muted">No targets apply here yet.</Text>
      )}
      <Button asChild mt="3" size="sm" variant="outline">
        <Link to={paths.business.targets.path}>Targets</Link>
      </Button>
    </Panel>
  );
}
