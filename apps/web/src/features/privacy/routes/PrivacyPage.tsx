// /team/privacy (Owner/Admin): a customer's data-subject request — find everything held for their email or phone,
// download it as JSON, or erase it (the cases stay, without the details; each step is in the audit log).
import { Alert, Button, Card, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { ACCESS_MESSAGES, ZSubjectQuerySchema, type TSubjectExport } from '@cx/contracts';
import { useState, type FormEvent } from 'react';
import { LuDownload, LuSearch, LuTrash2 } from 'react-icons/lu';
import { AccessRefusal } from '@/components/AccessRefusal';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { PageHeader } from '@/components/PageHeader';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { apiErrorMessage } from '@/lib/api-error';
import { useAccess } from '@/lib/role';
import { downloadJson, usePrivacyRequests } from '../api/privacy';
import { SubjectResults } from '../components/SubjectResults';

export function PrivacyPage() {
  const allowed = useAccess().can('privacy:manage');
  const calls = usePrivacyRequests();
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [tried, setTried] = useState(false);
  const [found, setFound] = useState<TSubjectExport | null>(null);
  const [confirming, setConfirming] = useState(false);
  const subject = { email: email.trim() || undefined, phone: phone.trim() || undefined };
  const parsed = ZSubjectQuerySchema.safeParse(subject);
  const errorOf = (field: 'email' | 'phone') =>
    tried && !parsed.success ? parsed.error.issues.find((i) => i.path[0] === field)?.message : undefined;

  const find = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!parsed.success) return;
    calls.exportSubject.mutate(
      { body: subject },
      {
        onSuccess: (res) => setFound(res.body),
        onError: (error) => toaster.error({ title: apiErrorMessage(error) }),
      },
    );
  };
  const erase = () =>
    calls.eraseSubject.mutate(
      { body: subject },
      {
        onSuccess: (res) => {
          setConfirming(false);
          setFound(null);
          toaster.success({
            title: `Erased ${res.body.erased} contact request${res.body.erased === 1 ? '' : 's'}; the cases stay without the details`,
          });
        },
        onError: (error) => toaster.error({ title: apiErrorMessage(error) }),
      },
    );

  return (
    <section aria-labelledby="page-title">
      <PageHeader
        title={paths.business.privacy.title}
        description="When a customer asks what you hold about them, or asks you to delete it: find it by their email address or phone number, download it, or erase it."
      />
      {!allowed ? (
        <AccessRefusal message={ACCESS_MESSAGES.forbidden} />
      ) : (
        <Stack gap="6" maxW="3xl">
          <Card.Root>
            <Card.Body>
              <form onSubmit={find} noValidate>
                <Stack gap="4">
                  <Stack direction={{ base: 'column', md: 'row' }} gap="4">
                    <Field.Root invalid={!!errorOf('email')}>
                      <Field.Label>Email address</Field.Label>
                      <Input
                        type="email"
                        value={email}
                        onChange={(e) => setEmail(e.target.value)}
                        autoComplete="off"
                      />
                      <Field.ErrorText>{errorOf('email')}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root invalid={!!errorOf('phone')}>
                      <Field.Label>Phone number</Field.Label>
                      <Input
                        type="tel"
                        value={phone}
                        onChange={(e) => setPhone(e.target.value)}
                        autoComplete="off"
                      />
                      <Field.ErrorText>{errorOf('phone')}</Field.ErrorText>
                    </Field.Root>
                  </Stack>
                  <HStack>
                    <Button type="submit" colorPalette="brand" loading={calls.exportSubject.isPending}>
                      <LuSearch aria-hidden /> Find
                    </Button>
                  </HStack>
                </Stack>
              </form>
            </Card.Body>
          </Card.Root>
          {found ? (
            found.records.length === 0 ? (
              <Alert.Root status="info" role="status">
                <Alert.Indicator />
                <Alert.Title>Nothing is held for this customer.</Alert.Title>
              </Alert.Root>
            ) : (
              <Stack gap="4">
                <Text>
                  {found.records.length} contact request{found.records.length === 1 ? '' : 's'} found.
                </Text>
                <HStack gap="3" wrap="wrap">
                  <Button variant="outline" onClick={() => downloadJson('customer-data.json', found)}>
                    <LuDownload aria-hidden /> Download JSON
                  </Button>
                  <Button colorPalette="red" variant="outline" onClick={() => setConfirming(true)}>
                    <LuTrash2 aria-hidden /> Erase
                  </Button>
                </HStack>
                <SubjectResults found={found} />
              </Stack>
            )
          ) : null}
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        title="Erase this customer's details?"
        confirmLabel="Erase"
        pending={calls.eraseSubject.isPending}
        onConfirm={erase}
        onClose={() => setConfirming(false)}
      >
        Their email address and phone number are deleted, their messages in the cases are replaced by
        “[erased]” and the reply links they were sent stop working. The cases and the anonymous ratings stay.
        This cannot be undone.
      </ConfirmDialog>
    </section>
  );
}
