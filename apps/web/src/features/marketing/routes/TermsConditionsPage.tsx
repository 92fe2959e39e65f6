// /terms-conditions: the terms of use of the service, in plain sections.
import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import { company } from '@/config/company';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

const SECTIONS: ReadonlyArray<{ title: string; body: string }> = [
  {
    title: 'The service',
    body: 'CX Journey lets businesses collect anonymous ratings from their customers by QR code and read them as analytics, league tables and a feedback timeline.',
  },
  {
    title: 'Your account',
    body: 'Keep your password to yourself. You are responsible for what happens under your account, and you must verify the email address you sign up with.',
  },
  {
    title: 'Subscriptions',
    body: 'New accounts start with a free trial. When it ends, a paid plan is needed to keep using the dashboard. Plans renew for the period shown until cancelled.',
  },
  {
    title: 'Customer feedback',
    body: 'Ratings are anonymous. Do not try to identify the customers who leave them, and do not ask staff to rate themselves.',
  },
  {
    title: 'Data',
    body: 'We store what you enter and what your customers submit to provide the service, and never sell it. You can ask us to delete your account at any time.',
  },
];

export function TermsConditionsPage() {
  useDocumentTitle(paths.marketing.termsConditions.title);
  return (
    <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
      <Heading as="h1" size="3xl" mb="6">
        {paths.marketing.termsConditions.title}
      </Heading>
      <Stack gap="6">
        {SECTIONS.map((section, i) => (
          <Stack as="section" key={section.title} gap="2">
            <Heading as="h2" size="md">
              {i + 1}. {section.title}
            </Heading>
            <Text color="fg.muted">{section.body}</Text>
          </Stack>
        ))}
        <Text fontSize="sm" color="fg.muted">
          Questions about these terms: {company.teamEmail}
        </Text>
      </Stack>
    </Container>
  );
}
