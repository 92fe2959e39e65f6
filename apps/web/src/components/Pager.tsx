// Newer / "Page n of m" / Older under a newest-first paged list (webhook endpoints, delivery logs); hidden on one page.
import { Button, HStack, Text } from '@chakra-ui/react';

export function Pager({
  page,
  total,
  pageSize,
  onPage,
  label,
  previous = 'Newer',
  next = 'Older',
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Names the navigation for screen readers, e.g. "Webhook endpoint pages". */
  label: string;
  previous?: string;
  next?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <HStack as="nav" aria-label={label} justify="space-between">
      <Button size="xs" variant="ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previous}
      </Button>
      <Text fontSize="sm">
        Page {page} of {pages}
      </Text>
      <Button size="xs" variant="ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {next}
      </Button>
    </HStack>
  );
}
