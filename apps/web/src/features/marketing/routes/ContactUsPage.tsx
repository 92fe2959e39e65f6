// /contact-us: how to reach the team (postal address and email from config/company).
import { Box, Container, Heading, Link, Text } from '@chakra-ui/react';
import { company } from '@/config/company';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function ContactUsPage() {
  useDocumentTitle(paths.marketing.contactUs.title);
  return (
    <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
      <Heading as="h1" size="3xl" mb="4">
        {paths.marketing.contactUs.title}
      </Heading>
      <Text color="fg.muted" mb="6">
        Questions about CX Journey? Write to us and the team will get back to you.
      </Text>
      <Box as="address" fontStyle="normal" lineHeight="tall">
        {company.addressLines.map((line) => (
          <Text key={line}>{line}</Text>
        ))}
        <Link href={`mailto:${company.teamEmail}`} color="brand.fg">
          {company.teamEmail}
        </Link>
      </Box>
    </Container>
  );
}
