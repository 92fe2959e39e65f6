// The business's invoices from Stripe, newest first, each with its total, status and a link when Stripe has one.
import { Badge, Box, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { LuReceipt } from 'react-icons/lu';
import { EmptyList, QueryStates } from '@/components/LoadState';
import { useInvoices } from '../api/subscription';
import { formatDate } from './format';

export function InvoiceList({ enabled }: { enabled: boolean }) {
  const invoices = useInvoices(enabled);
  const list = invoices.data?.body.invoices ?? [];
  return (
    <Box as="section" aria-labelledby="invoices-title">
      <Heading as="h2" size="md" id="invoices-title" mb="3">
        Invoices
      </Heading>
      {enabled ? (
        <QueryStates
          query={invoices}
          loading={{ label: 'Loading invoices', rows: 2, height: '12' }}
          what="your invoices"
          isEmpty={list.length === 0}
          empty={<EmptyList icon={<LuReceipt />} title="No invoices yet" />}
        >
          {() => (
            <Stack as="ul" gap="2" listStyleType="none">
              {list.map((inv) => (
                <HStack
                  as="li"
                  key={inv.id}
                  borderWidth="1px"
                  borderRadius="lg"
                  p="3"
                  bg="bg"
                  wrap="wrap"
                  gap="3"
                >
                  <Text flex="1" minW="32">
                    {formatDate(inv.createdAt)} · {inv.number ?? inv.id}
                  </Text>
                  <Text fontWeight="semibold">{inv.total}</Text>
                  <Badge colorPalette={inv.status === 'paid' ? 'green' : 'orange'}>{inv.status}</Badge>
                  {inv.url ? (
                    <Link href={inv.url} target="_blank" rel="noreferrer" colorPalette="brand">
                      View invoice
                    </Link>
                  ) : null}
                </HStack>
              ))}
            </Stack>
          )}
        </QueryStates>
      ) : (
        <EmptyList
          icon={<LuReceipt />}
          title="No invoices yet"
          description="Invoices appear here once you pay for a plan."
        />
      )}
    </Box>
  );
}
