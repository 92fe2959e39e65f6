// The minimum number of ratings before a person or store is ranked (the Bayesian weight), editable per business by
// the owner and admins; other roles read it with the reason they cannot change it (#36).
import { Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import { ZAnalyticsSettingsSchema } from '@cx/contracts';
import { useState, type FormEvent } from 'react';
import { toaster } from '@/components/ui/toaster';
import { useAction } from '@/lib/actions';
import { apiErrorMessage } from '@/lib/api-error';
import { useAnalyticsSettings, useUpdateAnalyticsSettings } from '@/lib/analytics/settings';

export function MinSampleSetting() {
  const settings = useAnalyticsSettings();
  const save = useUpdateAnalyticsSettings();
  const action = useAction('analytics.updateSettings');
  const current = settings.data?.body.minSample;
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const value = draft ?? (current === undefined ? '' : String(current));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZAnalyticsSettingsSchema.safeParse({
      minSample: value === '' ? undefined : Number(value),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Minimum ratings must be a number');
      return;
    }
    setError(undefined);
    save.mutate(
      { body: parsed.data },
      {
        onSuccess: ({ body }) => {
          setDraft(null);
          toaster.create({
            type: 'success',
            title: `People and stores are ranked from ${body.minSample} ratings`,
          });
        },
        onError: (err) => setError(apiErrorMessage(err)),
      },
    );
  };

  // noValidate: the schema's own messages, not the browser's bubbles.
  return (
    <HStack asChild align="flex-end" gap="2" wrap="wrap">
      <form noValidate onSubmit={onSubmit} aria-label="Ranking settings">
        <Field.Root invalid={Boolean(error)} w="auto" disabled={settings.isPending || !action.allowed}>
          <Field.Label>Minimum ratings before ranking</Field.Label>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={500}
            size="sm"
            w="28"
            bg="bg"
            value={value}
            onChange={(e) => setDraft(e.currentTarget.value)}
          />
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
          {action.reason ? <Field.HelperText>{action.reason}</Field.HelperText> : null}
        </Field.Root>
        {action.allowed ? (
          <Button
            {...action.attrs}
            type="submit"
            size="sm"
            loading={save.isPending}
            disabled={settings.isPending}
          >
            Save
          </Button>
        ) : null}
        {settings.isError ? (
          <Text color="fg.error" fontSize="sm">
            {apiErrorMessage(settings.error)}
          </Text>
        ) : null}
      </form>
    </HStack>
  );
}
