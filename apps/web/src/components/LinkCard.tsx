// A page opened from a link in a mail or chat (invitation, acknowledge, stop a report, no access): one centred card.
import { Alert, Card, Container, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function LinkCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container maxW="lg" px={{ base: '4', md: '6' }} py={{ base: '8', md: '16' }}>
      <Card.Root>
        <Card.Body>
          <Stack gap="5">
            <Heading as="h1" size="2xl" id="page-title">
              {title}
            </Heading>
            {children}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}

/** What went wrong, inline, announced to screen readers (role alert). */
export function ErrorLine({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {children ? <Alert.Description>{children}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}
