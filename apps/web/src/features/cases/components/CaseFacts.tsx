// What a case is about and what happened to it: the rating (stars, comment, tags, staff), the customer's contact as
// the API shows it (full, masked or erased), due time and recovery, and the history list.
import { Badge, DataList, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import type { TCaseDetail } from '@cx/contracts';
import { Stars } from '@/components/analytics/RatingCard';
import { formatWhen } from '@/lib/case-format';
import { DueText, PriorityBadge, RecoveryBadge, StatusBadge } from './CaseBadges';

import { SectionCard as CaseSection } from '@/components/SectionCard';

export { CaseSection };

function Contact({ item }: { item: TCaseDetail }) {
  const contact = item.contact;
  if (!contact) return <Text color="fg.muted">The customer did not ask to be contacted.</Text>;
  if (contact.erased)
    return (
      <Text color="fg.muted" data-testid="contact-erased">
        Contact details erased (kept only while the case is open and for the retention period).
      </Text>
    );
  return (
    <Stack gap="1" data-testid="contact">
      {contact.email ? <Text overflowWrap="anywhere">Email: {contact.email}</Text> : null}
      {contact.phone ? <Text>Phone: {contact.phone}</Text> : null}
      {contact.masked ? (
        <Text fontSize="sm" color="fg.muted">
          Masked: your role does not show customers' contact details.
        </Text>
      ) : null}
    </Stack>
  );
}

export function CaseSummary({ item }: { item: TCaseDetail }) {
  const rating = item.rating;
  return (
    <CaseSection id="case-summary" title={item.summary}>
      <Stack gap="3">
        <Wrap gap="2" align="center">
          <StatusBadge status={item.status} />
          <PriorityBadge priority={item.priority} />
          <DueText item={item} />
          <RecoveryBadge recovered={item.recovered} />
          {item.escalationLevel > 0 ? (
            <Badge colorPalette="red" variant="outline">
              Escalated {item.escalationLevel === 1 ? 'once' : `${item.escalationLevel} levels`}
            </Badge>
          ) : null}
        </Wrap>
        {rating ? (
          <Stack gap="1.5" aria-label="The rating" role="group">
            <HStack gap="2" wrap="wrap">
              <Stars score={rating.score} />
              <Text fontWeight="medium">{rating.staff ? rating.staff.name : 'Store experience'}</Text>
              <Text fontSize="sm" color="fg.muted">
                <time dateTime={rating.createdAt}>{formatWhen(rating.createdAt)}</time>
              </Text>
            </HStack>
            {rating.comment ? <Text overflowWrap="anywhere">“{rating.comment}”</Text> : null}
            {rating.tags.length > 0 ? (
              <Wrap gap="1.5">
                {rating.tags.map((tag) => (
                  <Badge key={tag} variant="surface">
                    {tag}
                  </Badge>
                ))}
              </Wrap>
            ) : null}
          </Stack>
        ) : null}
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>Store</DataList.ItemLabel>
            <DataList.ItemValue>{item.store.name}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Owner</DataList.ItemLabel>
            <DataList.ItemValue>{item.owner ? item.owner.name : 'Unassigned'}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Due</DataList.ItemLabel>
            <DataList.ItemValue>{formatWhen(item.dueAt)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Opened</DataList.ItemLabel>
            <DataList.ItemValue>{formatWhen(item.createdAt)}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        <Stack gap="1">
          <Text fontWeight="semibold">Customer contact</Text>
          <Contact item={item} />
        </Stack>
      </Stack>
    </CaseSection>
  );
}

export function CaseHistory({ item }: { item: TCaseDetail }) {
  return (
    <CaseSection id="case-history" title="History">
      {item.history.length === 0 ? (
        <Text color="fg.muted">Nothing has happened yet.</Text>
      ) : (
        <Stack as="ol" gap="2" listStyleType="none" aria-label="History">
          {item.history.map((event, i) => (
            <Stack as="li" key={`${event.at}-${i}`} gap="0">
              <Text fontSize="sm">
                <Text as="span" fontWeight="medium">
                  {event.actor}
                </Text>{' '}
                {event.summary}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                <time dateTime={event.at}>{formatWhen(event.at)}</time>
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </CaseSection>
  );
}
