// A titled card for one part of a page (a Snapshot panel, a part of the case view), its heading naming the section.
import { Card, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function SectionCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-labelledby={id} size="sm">
      <Card.Header>
        <Heading as="h2" id={id} size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
