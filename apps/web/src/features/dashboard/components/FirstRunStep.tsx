// The first-run step a new owner meets on the Snapshot: the business's name and how many stores it has (which sizes the
// checklist), with the offer to add those stores now.
import { Box, Button, Checkbox, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { FIRST_RUN_MAX_NEW_STORES, ZFirstRunSchema } from '@cx/contracts';
import { useState } from 'react';
import { toaster } from '@/components/ui/toaster';
import { useAction } from '@/lib/actions';
import { apiErrorMessage } from '@/lib/api-error';
import { serverFormErrors, validate, type TFormErrors } from '@/lib/form-errors';
import { useFirstRun } from '../api/onboarding';

export function FirstRunStep() {
  const [businessName, setBusinessName] = useState('');
  const [stores, setStores] = useState('1');
  const [createStores, setCreateStores] = useState(true);
  const [errors, setErrors] = useState<TFormErrors>({});
  const save = useFirstRun();
  const firstRun = useAction('onboarding.firstRun');
  const planned = Number(stores);
  const canCreate = Number.isInteger(planned) && planned >= 1 && planned <= FIRST_RUN_MAX_NEW_STORES;

  const submit = async () => {
    const body = {
      businessName,
      storesPlanned: stores.trim() === '' ? Number.NaN : planned,
      createStores: createStores && canCreate,
    };
    const checked = validate(ZFirstRunSchema, body);
    setErrors(checked.errors);
    if (!checked.data) return;
    try {
      await save.mutateAsync({ body: checked.data });
      toaster.success({ title: `Welcome, ${checked.data.businessName}! Here is what to set up next.` });
    } catch (err) {
      const fromServer = serverFormErrors(err);
      setErrors(fromServer);
      if (Object.keys(fromServer).length === 0) toaster.error({ title: apiErrorMessage(err) });
    }
  };

  return (
    <Box
      as="section"
      aria-labelledby="first-run-title"
      borderWidth="1px"
      borderColor="brand.200"
      bg="bg"
      rounded="lg"
      p={{ base: '4', md: '6' }}
      mb="4"
    >
      <Heading as="h2" id="first-run-title" size="md" mb="1">
        Welcome! Tell us about your business
      </Heading>
      <Text color="fg.muted" mb="4">
        Two questions and your checklist is ready. You can change both later.
      </Text>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="4" maxW="md">
          <Field.Root invalid={Boolean(errors.businessName)} required>
            <Field.Label>Business name</Field.Label>
            <Input
              value={businessName}
              onChange={(e) => setBusinessName(e.target.value)}
              autoComplete="organization"
              maxLength={255}
            />
            {errors.businessName ? <Field.ErrorText>{errors.businessName}</Field.ErrorText> : null}
          </Field.Root>
          <Field.Root invalid={Boolean(errors.storesPlanned)} required>
            <Field.Label>Number of stores</Field.Label>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              value={stores}
              onChange={(e) => setStores(e.target.value)}
              maxW="32"
            />
            {errors.storesPlanned ? <Field.ErrorText>{errors.storesPlanned}</Field.ErrorText> : null}
          </Field.Root>
          {canCreate ? (
            <Checkbox.Root
              checked={createStores}
              onCheckedChange={(d) => setCreateStores(d.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                {planned === 1
                  ? 'Add my store now, named after the business (rename it any time)'
                  : `Add my ${planned} stores now, numbered (rename them any time)`}
              </Checkbox.Label>
            </Checkbox.Root>
          ) : planned > FIRST_RUN_MAX_NEW_STORES ? (
            <Text fontSize="sm" color="fg.muted">
              With more than {FIRST_RUN_MAX_NEW_STORES} stores, import them from a spreadsheet on Manage
              Stores.
            </Text>
          ) : null}
          {errors.createStores ? (
            <Text color="fg.error" fontSize="sm">
              {errors.createStores}
            </Text>
          ) : null}
          <Box>
            <Button {...firstRun.attrs} type="submit" colorPalette="brand" loading={save.isPending}>
              Continue
            </Button>
          </Box>
        </Stack>
      </form>
    </Box>
  );
}
