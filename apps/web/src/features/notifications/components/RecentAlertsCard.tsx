// The member's recent rule alerts on the Performance Notifications page, each acknowledgeable or showing who did.
import { Card, Stack, Text } from '@chakra-ui/react';
import { LuBellOff } from 'react-icons/lu';
import { EmptyList, QueryStates } from '@/components/LoadState';
import { useNotifications } from '../api/notifications';
import { AcknowledgeAlert } from './AcknowledgeAlert';
import { relativeTime, sanitizeMessage } from './safe-html';

export function RecentAlertsCard() {
  const query = useNotifications();
  const alerts = (query.data?.body.data ?? []).filter((n) => n.acknowledgeable);
  return (
    <Card.Root as="section" aria-labelledby="recent-alerts-title">
      <Card.Header>
        <Card.Title id="recent-alerts-title">Recent alerts</Card.Title>
      </Card.Header>
      <Card.Body>
        <QueryStates
          query={query}
          loading={{ label: 'Loading recent alerts', rows: 2, height: '10' }}
          what="recent alerts"
          isEmpty={alerts.length === 0}
          empty={
            <EmptyList
              icon={<LuBellOff />}
              title="No alerts yet"
              description="Alerts your rules send appear here."
            />
          }
        >
          {() => (
            <Stack as="ul" gap="3" listStyleType="none" aria-label="Recent alerts">
              {alerts.map((n) => (
                <Stack as="li" key={n._id} gap="1" borderBottomWidth="1px" pb="2" minW="0">
                  <Text fontSize="sm" dangerouslySetInnerHTML={{ __html: sanitizeMessage(n.message) }} />
                  <Text fontSize="xs" color="fg.muted">
                    <time dateTime={n.createdAt}>{relativeTime(n.createdAt)}</time>
                  </Text>
                  <AcknowledgeAlert notification={n} />
                </Stack>
              ))}
            </Stack>
          )}
        </QueryStates>
      </Card.Body>
    </Card.Root>
  );
}
