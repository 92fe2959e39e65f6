// Scheduled reports in the profile dialog: daily, weekly and monthly switches, and "Send me one now" per period.
import { Button, Heading, HStack, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { REPORT_PERIODS, REPORT_PERIOD_LABELS, type TReportPeriod } from '@cx/contracts';
import { useState } from 'react';
import { LoadError } from '@/components/LoadState';
import { toaster } from '@/components/ui/toaster';
import { describeApiError, isNoBusinessError, isUnauthorizedError } from '@/lib/api-error';
import { useReportPreferences, useSendReportNow, useUpdateReportPreferences } from '../api/reports';

function failed(error: unknown, title: string) {
  if (isUnauthorizedError(error)) return; // the app's 401 handler signs out and says why
  const info = describeApiError(error);
  toaster.create({ type: 'error', title, description: info.message });
}

export function ReportPreferences() {
  const prefs = useReportPreferences(true);
  const update = useUpdateReportPreferences();
  const sendNow = useSendReportNow();
  const [sending, setSending] = useState<TReportPeriod | null>(null);

  // a person without a business has no stores to report on
  if (prefs.isError && isNoBusinessError(prefs.error)) return null;

  const toggle = (period: TReportPeriod, on: boolean) =>
    update.mutate(
      { body: { [period]: on } },
      {
        onSuccess: () =>
          toaster.create({
            type: 'success',
            title: on ? `The ${period} report is on` : `The ${period} report is off`,
          }),
        onError: (error) => failed(error, 'Your report choice was not saved'),
      },
    );

  const send = (period: TReportPeriod) => {
    setSending(period);
    sendNow.mutate(
      { body: { period } },
      {
        onSuccess: ({ body }) => toaster.create({ type: 'success', title: body.message }),
        onError: (error) => failed(error, 'The report was not sent'),
        onSettled: () => setSending(null),
      },
    );
  };

  return (
    <Stack as="section" aria-labelledby="report-preferences-heading" gap="3" borderTopWidth="1px" pt="5">
      <Heading as="h3" size="sm" id="report-preferences-heading">
        Scheduled reports
      </Heading>
      {prefs.isPending ? (
        <Stack gap="3" aria-busy="true" aria-label="Loading report preferences" role="status">
          {REPORT_PERIODS.map((p) => (
            <Skeleton key={p} height="8" rounded="md" />
          ))}
        </Stack>
      ) : prefs.isError ? (
        <LoadError error={prefs.error} onRetry={() => void prefs.refetch()} what="your report preferences" />
      ) : (
        <>
          <Text fontSize="sm" color="fg.muted">
            Mailed at 08:00 ({prefs.data.body.timeZone}) with a PDF of your stores&apos; figures, league
            tables and comments.
          </Text>
          {REPORT_PERIODS.map((period) => (
            <HStack
              key={period}
              role="group"
              aria-labelledby={`report-${period}-label`}
              justify="space-between"
              gap="3"
              flexWrap="wrap"
            >
              <Switch.Root
                checked={prefs.data.body[period]}
                disabled={update.isPending}
                onCheckedChange={(d) => toggle(period, d.checked)}
                colorPalette="brand"
                flex="1"
                minW="48"
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label id={`report-${period}-label`}>{REPORT_PERIOD_LABELS[period]}</Switch.Label>
              </Switch.Root>
              <Button
                size="xs"
                variant="outline"
                loading={sending === period}
                disabled={sending !== null && sending !== period}
                onClick={() => send(period)}
              >
                Send me one now
              </Button>
            </HStack>
          ))}
        </>
      )}
    </Stack>
  );
}
