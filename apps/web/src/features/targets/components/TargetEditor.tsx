// One node's targets: per metric the effective value and where it comes from; editors set or remove the node's own.
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import {
  TARGET_METRIC_LABELS,
  TARGET_METRICS,
  TARGET_RANGES,
  ZTargetInputSchema,
  type TEffectiveTarget,
  type TTarget,
  type TTargetMetric,
} from '@cx/contracts';
import { useState } from 'react';
import { LoadError, LoadingRows } from '@/components/LoadState';
import { toaster } from '@/components/ui/toaster';
import { routeAttrs } from '@/lib/actions';
import { apiErrorMessage, describeApiError } from '@/lib/api-error';
import { useEffectiveTargets, useSetTarget } from '../api/targets';
import type { TNode } from './nodes';

const UNIT: Record<TTargetMetric, string> = {
  average: 'out of 5',
  happy: '% of ratings with 4 or 5 stars',
  volume: 'ratings a week per store',
  staffRatings: 'staff ratings a week per store',
};

function MetricRow({
  node,
  metric,
  effective,
  own,
  canEdit,
}: {
  node: TNode;
  metric: TTargetMetric;
  effective: TEffectiveTarget | undefined;
  own: TTarget | undefined;
  canEdit: boolean;
}) {
  const [draft, setDraft] = useState(own ? String(own.value) : '');
  const [error, setError] = useState<string | null>(null);
  const save = useSetTarget();
  const label = TARGET_METRIC_LABELS[metric];
  const id = `target-${metric}`;
  const submit = async (value: number | null) => {
    const body = { metric, node: node.id, value };
    const parsed = ZTargetInputSchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid target');
      return;
    }
    setError(null);
    try {
      await save.mutateAsync({ body });
      if (value === null) setDraft('');
      toaster.success({ title: value === null ? `${label} target removed` : `${label} target saved` });
    } catch (err) {
      setError(describeApiError(err).fieldErrors?.value?.[0] ?? apiErrorMessage(err));
    }
  };
  const inherited =
    effective?.value === null || effective === undefined
      ? 'No target set here or above'
      : own
        ? `Set here: ${effective.value}`
        : `${effective.value}, from ${effective.from?.name ?? 'above'}`;
  return (
    <Stack as="li" gap="1" borderBottomWidth="1px" pb="3">
      <Text fontWeight="medium" id={`${id}-label`}>
        {label}
      </Text>
      <Text fontSize="sm" color="fg.muted" data-testid={`${id}-effective`}>
        {inherited} · {UNIT[metric]}
      </Text>
      {canEdit ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit(draft.trim() === '' ? null : Number(draft));
          }}
        >
          <HStack gap="2" align="flex-start" wrap="wrap">
            <Field.Root invalid={error !== null} maxW="40">
              <Field.Label srOnly>{`${label} target for ${node.name}`}</Field.Label>
              <Input
                inputMode="decimal"
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                placeholder={own ? undefined : 'Inherit'}
                step={TARGET_RANGES[metric].integer ? 1 : 0.1}
              />
              {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
            </Field.Root>
            <Button
              {...routeAttrs('targets.set')}
              type="submit"
              size="md"
              colorPalette="brand"
              loading={save.isPending}
            >
              Save
            </Button>
            {own ? (
              <Button
                {...routeAttrs('targets.set')}
                variant="outline"
                onClick={() => void submit(null)}
                disabled={save.isPending}
              >
                Remove
              </Button>
            ) : null}
          </HStack>
        </form>
      ) : null}
    </Stack>
  );
}

export function TargetEditor({ node, own, canEdit }: { node: TNode; own: TTarget[]; canEdit: boolean }) {
  const effective = useEffectiveTargets(node.id);
  if (effective.isPending) return <LoadingRows label="Loading the targets here" rows={4} height="12" />;
  if (effective.isError)
    return (
      <LoadError error={effective.error} onRetry={() => void effective.refetch()} what="the targets here" />
    );
  const rows = effective.data.body.effective ?? [];
  // the API knows the member's area grants; the role's rule stands in for an answer without it
  const editable = effective.data.body.canSet ?? canEdit;
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label={`Targets for ${node.name}`}>
      {editable ? null : (
        <Text as="li" fontSize="sm" color="fg.muted">
          You can read these targets; an owner, an admin or this area’s manager sets them.
        </Text>
      )}
      {TARGET_METRICS.map((metric) => (
        <MetricRow
          // a fresh draft when the node or its own value changes
          key={`${node.id}-${metric}-${own.find((t) => t.metric === metric)?.value ?? ''}`}
          node={node}
          metric={metric}
          effective={rows.find((r) => r.metric === metric)}
          own={own.find((t) => t.metric === metric)}
          canEdit={editable}
        />
      ))}
    </Stack>
  );
}
