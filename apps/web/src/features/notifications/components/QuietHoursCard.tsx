// Quiet hours for alert emails (in-app alerts always arrive); times in the business's time zone.
import { Button, Card, Field, Flex, Input, Switch, Text } from '@chakra-ui/react';
import { ZNotificationSettingsSchema, type TNotificationSettings } from '@cx/contracts';
import { useState } from 'react';
import { toaster } from '@/components/ui/toaster';
import { useAction } from '@/lib/actions';
import { apiErrorMessage } from '@/lib/api-error';
import { useUpdateSettings } from '../api/rules';

export function QuietHoursCard({ settings }: { settings: TNotificationSettings }) {
  const [q, setQ] = useState(settings.quietHours);
  const [tried, setTried] = useState(false);
  const save = useUpdateSettings();
  const action = useAction('notifications.updateSettings');
  const parsed = ZNotificationSettingsSchema.safeParse({ quietHours: q });
  const errors = parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [i.path.at(-1), i.message]));
  const submit = () => {
    setTried(true);
    if (!parsed.success) return;
    save.mutate(
      { body: parsed.data },
      {
        onSuccess: (res) => toaster.success({ title: res.body.message }),
        onError: (error) => toaster.error({ title: apiErrorMessage(error) }),
      },
    );
  };
  return (
    <Card.Root as="section" aria-labelledby="quiet-hours-title">
      <Card.Header>
        <Card.Title id="quiet-hours-title">Quiet hours</Card.Title>
        <Text color="fg.muted" fontSize="sm">
          No alert emails between these times (your time zone). The bell still shows every alert; summaries go
          out at their chosen hour.
        </Text>
      </Card.Header>
      <Card.Body>
        <Flex gap="4" wrap="wrap" align="end">
          <Switch.Root
            disabled={!action.allowed}
            checked={q.enabled}
            onCheckedChange={(e) => setQ({ ...q, enabled: e.checked })}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>Quiet hours on</Switch.Label>
          </Switch.Root>
          {(['start', 'end'] as const).map((k) => (
            <Field.Root key={k} invalid={tried && Boolean(errors[k])} width={{ base: 'full', sm: '40' }}>
              <Field.Label>{k === 'start' ? 'From' : 'Until'}</Field.Label>
              <Input
                disabled={!action.allowed}
                type="time"
                value={q[k]}
                onChange={(e) => setQ({ ...q, [k]: e.target.value })}
              />
              <Field.ErrorText>{errors[k]}</Field.ErrorText>
            </Field.Root>
          ))}
          {action.allowed ? (
            <Button {...action.attrs} colorPalette="brand" onClick={submit} loading={save.isPending}>
              Save quiet hours
            </Button>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {action.reason}
            </Text>
          )}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
