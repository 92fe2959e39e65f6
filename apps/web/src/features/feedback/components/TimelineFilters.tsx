// The timeline's own filters (stars, comment sentiment and theme, with a comment, outside a shift, flagged), kept in
// the URL beside the shared ones.
import { Checkbox, Field, Fieldset, HStack, NativeSelect } from '@chakra-ui/react';
import { SENTIMENT_LABELS } from '@cx/contracts';
import { SENTIMENT_NAMES } from '@/components/analytics/SentimentBadge';
import { FilterSelect } from '@/components/FilterFields';
import { chipsOf, type TFilterChip } from '@/components/filters/filter-chips';
import type { TParamPatch } from '@/lib/analytics/filters';
import { useThemeVocabulary } from '@/lib/themes-query';
import type { TTimelineExtras } from '../api/timeline';

function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <Checkbox.Root size="sm" checked={checked} onCheckedChange={(e) => onChange(e.checked === true)}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/** The business's shown themes (not hidden, not merged into another), most mentioned first. */
function ThemeSelect({ value, onChange }: { value: string; onChange: (theme: string) => void }) {
  const vocabulary = useThemeVocabulary();
  const names = (vocabulary.data?.body.themes ?? [])
    .filter((t) => !t.hidden && t.mergedInto === null)
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .map((t) => t.name);
  // A theme chosen from a chip stays selectable even before (or without) the vocabulary.
  if (value && !names.includes(value)) names.unshift(value);
  return (
    <FilterSelect label="Theme" value={value} onChange={onChange}>
      <option value="">Any theme</option>
      {names.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </FilterSelect>
  );
}

const FLAGGED_CHIPS: Record<string, string> = { include: 'Flagged included', only: 'Only flagged' };

/** The timeline's own active filters as chips (phones show them beside the Filters button). */
export function timelineChips(extras: TTimelineExtras): TFilterChip[] {
  const stars = (extras.scores ?? '').split(',').filter(Boolean);
  return chipsOf([
    ['sentiment', extras.sentiment, extras.sentiment ? SENTIMENT_NAMES[extras.sentiment] : undefined],
    ['theme', extras.theme, extras.theme ? `Theme: ${extras.theme}` : undefined],
    ['scores', extras.scores, stars.map((s) => `${s}★`).join(' ')],
    ['hasComment', extras.hasComment, 'With a comment'],
    ['outsideShift', extras.outsideShift, 'Outside a shift'],
    ['flagged', extras.flagged, extras.flagged ? FLAGGED_CHIPS[extras.flagged] : undefined],
  ]);
}

export function TimelineFilters({
  extras,
  update,
}: {
  extras: TTimelineExtras;
  update: (p: TParamPatch) => void;
}) {
  const scores = new Set((extras.scores ?? '').split(',').filter(Boolean));
  const toggleScore = (score: string, on: boolean) => {
    const next = new Set(scores);
    if (on) next.add(score);
    else next.delete(score);
    update({ scores: [...next].sort().join(',') || undefined });
  };
  return (
    <>
      <FilterSelect
        label="Sentiment"
        value={extras.sentiment ?? ''}
        onChange={(sentiment) => update({ sentiment })}
      >
        <option value="">Any sentiment</option>
        {SENTIMENT_LABELS.map((label) => (
          <option key={label} value={label}>
            {SENTIMENT_NAMES[label]}
          </option>
        ))}
      </FilterSelect>
      <ThemeSelect value={extras.theme ?? ''} onChange={(theme) => update({ theme })} />
      <Fieldset.Root w="auto">
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          Stars
        </Fieldset.Legend>
        <HStack gap="3" wrap="wrap" minH="8">
          {['1', '2', '3', '4', '5'].map((s) => (
            <Check key={s} label={`${s}★`} checked={scores.has(s)} onChange={(on) => toggleScore(s, on)} />
          ))}
        </HStack>
      </Fieldset.Root>
      <Fieldset.Root w="auto">
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          Show only
        </Fieldset.Legend>
        <HStack gap="3" wrap="wrap" minH="8">
          <Check
            label="With a comment"
            checked={extras.hasComment === 'true'}
            onChange={(on) => update({ hasComment: on ? 'true' : undefined })}
          />
          <Check
            label="Outside a shift"
            checked={extras.outsideShift === 'true'}
            onChange={(on) => update({ outsideShift: on ? 'true' : undefined })}
          />
        </HStack>
      </Fieldset.Root>
      <Field.Root w={{ base: 'full', sm: 'auto' }} minW={{ sm: '44' }}>
        <Field.Label>Flagged ratings</Field.Label>
        <NativeSelect.Root size="sm" bg="bg">
          <NativeSelect.Field
            value={extras.flagged ?? 'exclude'}
            onChange={(e) =>
              update({ flagged: e.currentTarget.value === 'exclude' ? undefined : e.currentTarget.value })
            }
          >
            <option value="exclude">Leave out</option>
            <option value="include">Include</option>
            <option value="only">Only flagged</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </>
  );
}
