// /reply/:token: the customer's page behind the mailed link: the conversation, their answer, "did we put it right?".
import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { LuLink2Off } from 'react-icons/lu';
import { useParams } from 'react-router';
import { EmptyList, LoadError, LoadingRows } from '@/components/LoadState';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isHttpErrorResponse } from '@/lib/api-error';
import { useCustomerCase } from '../api/case-reply';
import { AnswerForm } from '../components/AnswerForm';
import { Conversation } from '../components/Conversation';
import { RecoveryQuestion } from '../components/RecoveryQuestion';

export function CaseReplyPage() {
  useDocumentTitle(paths.caseReply.title);
  const { token = '' } = useParams();
  const conversation = useCustomerCase(token);
  const gone =
    conversation.isError &&
    isHttpErrorResponse(conversation.error) &&
    [400, 404].includes(conversation.error.status);
  const view = conversation.data?.body;

  return (
    <Box minH="100dvh" bg="bg.subtle" py={{ base: '4', md: '8' }}>
      <Container maxW="2xl" px={{ base: '3', md: '6' }}>
        <Stack as="main" gap="5">
          {conversation.isPending ? (
            <LoadingRows label="Loading your conversation" rows={3} />
          ) : gone ? (
            <EmptyList
              icon={<LuLink2Off />}
              title="This link has expired"
              description="The conversation has ended or the link is not complete. Thank you for your feedback."
            />
          ) : conversation.isError || !view ? (
            <LoadError
              error={conversation.error}
              onRetry={() => void conversation.refetch()}
              what="your conversation"
            />
          ) : (
            <>
              <Stack gap="1">
                <Heading as="h1" size="lg">
                  {view.businessName}
                </Heading>
                <Text color="fg.muted">About your visit to {view.storeName}</Text>
              </Stack>
              <Box bg="bg" p={{ base: '3', md: '5' }} rounded="xl" borderWidth="1px">
                <Conversation view={view} />
              </Box>
              <RecoveryQuestion token={token} view={view} />
              {view.canAnswer ? (
                <Box bg="bg" p={{ base: '3', md: '5' }} rounded="xl" borderWidth="1px">
                  <AnswerForm token={token} businessName={view.businessName} />
                </Box>
              ) : (
                <Text color="fg.muted">This conversation is closed.</Text>
              )}
              <Text fontSize="xs" color="fg.muted">
                Only {view.businessName} sees your answers. Your rating stays anonymous to the staff.
              </Text>
            </>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
