// An area's settings panel: for each setting, take it from the areas above or set it here for every store below
// (stores that set their own keep theirs). Sends all four at once; null hands a setting back to the areas above.
import {
  Checkbox,
  chakra,
  Dialog,
  Field,
  Fieldset,
  Heading,
  HStack,
  Input,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  DEFAULT_MIN_RATING_INTERVAL_MINUTES,
  QR_PAGE_LANGUAGE_NAMES,
  QR_PAGE_LANGUAGES,
  ZAreaSettingsInputSchema,
  type TArea,
  type TAreaSettingKey,
  type TAreaSettings,
  type TQrPageLanguage,
} from '@cx/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { DialogShell, FormDialogFooter, FormErrorAlert } from '@/components/DialogShell';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import { serverFormErrors, validate, type TFormErrors } from '@/lib/form-errors';
import { useAreaChanges, useAreas } from '../../api/areas';
import { InheritToggle } from '../InheritToggle';
import { OpeningHoursFields } from '../OpeningHoursFields';
import { copyDayToAll, emptyStoreForm, WEEKDAYS, type TOpeningRow } from '../store-form';

type TValues = {
  timeZone: string;
  openingHours: TOpeningRow[];
  minRatingIntervalMinutes: string;
  languages: TQrPageLanguage[];
  /** Which settings this area sets itself. */
  own: Record<TAreaSettingKey, boolean>;
};

const DEFAULTS: Record<TAreaSettingKey, string> = {
  timeZone: "the business's time zone",
  openingHours: 'no opening hours',
  minRatingIntervalMinutes: `${DEFAULT_MIN_RATING_INTERVAL_MINUTES} minutes`,
  languages: QR_PAGE_LANGUAGES.map((l) => QR_PAGE_LANGUAGE_NAMES[l]).join(', '),
};

function describe(key: TAreaSettingKey, s: TAreaSettings): string {
  if (key === 'timeZone') return s.timeZone ?? '';
  if (key === 'minRatingIntervalMinutes') return `${s.minRatingIntervalMinutes} minutes`;
  if (key === 'languages') return (s.languages ?? []).map((l) => QR_PAGE_LANGUAGE_NAMES[l]).join(', ');
  const days = (s.openingHours ?? [])
    .filter((h) => !h.closed)
    .map((h) => WEEKDAYS.find((d) => d.day === h.day)?.label.slice(0, 3));
  return days.length ? `open ${days.join(', ')}` : 'closed all week';
}

/** What the area would take from above for each setting: the nearest ancestor that sets it, or the default. */
function inheritedFor(area: TArea, all: TArea[]) {
  const byId = new Map(all.map((a) => [a._id, a]));
  const chain: TArea[] = [];
  for (
    let p = area.parent ? byId.get(area.parent) : undefined;
    p;
    p = p.parent ? byId.get(p.parent) : undefined
  )
    chain.push(p);
  const out = {} as Record<TAreaSettingKey, { from: string | null; value: string }>;
  for (const key of Object.keys(DEFAULTS) as TAreaSettingKey[]) {
    const setter = chain.find((a) => a.settings?.[key] !== undefined);
    out[key] = setter
      ? { from: setter.name, value: describe(key, setter.settings!) }
      : { from: null, value: DEFAULTS[key] };
  }
  return out;
}

export function AreaSettingsDialog({ area, onClose }: { area: TArea | null; onClose: () => void }) {
  return (
    <DialogShell
      open={area !== null}
      onClose={onClose}
      title={area ? `Settings of ${area.name}` : 'Area settings'}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
    >
      {area ? <SettingsForm key={area._id} area={area} onDone={onClose} /> : null}
    </DialogShell>
  );
}

function SettingsForm({ area, onDone }: { area: TArea; onDone: () => void }) {
  const areas = useAreas();
  const { update } = useAreaChanges();
  const s = area.settings ?? {};
  const [values, setValues] = useState<TValues>(() => ({
    timeZone: s.timeZone ?? '',
    openingHours: s.openingHours
      ? emptyStoreForm().openingHours.map((r) => s.openingHours!.find((h) => h.day === r.day) ?? r)
      : emptyStoreForm().openingHours,
    minRatingIntervalMinutes: String(s.minRatingIntervalMinutes ?? DEFAULT_MIN_RATING_INTERVAL_MINUTES),
    languages: s.languages ?? [...QR_PAGE_LANGUAGES],
    own: {
      timeZone: s.timeZone !== undefined,
      openingHours: s.openingHours !== undefined,
      minRatingIntervalMinutes: s.minRatingIntervalMinutes !== undefined,
      languages: s.languages !== undefined,
    },
  }));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<TFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const inherited = inheritedFor(area, areas.data?.body.areas ?? []);
  const payload = {
    timeZone: values.own.timeZone ? values.timeZone : null,
    openingHours: values.own.openingHours ? values.openingHours : null,
    minRatingIntervalMinutes: values.own.minRatingIntervalMinutes
      ? Number(values.minRatingIntervalMinutes)
      : null,
    languages: values.own.languages ? values.languages : null,
  };
  const checked = validate(ZAreaSettingsInputSchema, payload);
  const errors: TFormErrors = { ...(submitted ? checked.errors : {}) };
  for (const [k, v] of Object.entries(serverErrors)) errors[k.replace(/^settings\./, '')] = v;
  const set = (patch: Partial<TValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setServerErrors({});
  };
  const own = (key: TAreaSettingKey) => ({
    inherited: !values.own[key],
    onInheritedChange: (on: boolean) => set({ own: { ...values.own, [key]: !on } }),
    from: inherited[key].from,
    value: inherited[key].value,
    toggleLabel: `Use the ${key === 'minRatingIntervalMinutes' ? 'interval' : key === 'timeZone' ? 'time zone' : key === 'openingHours' ? 'opening hours' : 'languages'} of the areas above`,
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    if (!checked.data) return;
    try {
      await update.mutateAsync({ params: { id: area._id }, body: { settings: checked.data } });
      toaster.success({ title: `Saved the settings of ${area.name}` });
      onDone();
    } catch (err) {
      setServerErrors(serverFormErrors(err));
      setFormError(apiErrorMessage(err));
    }
  };

  return (
    <chakra.form onSubmit={onSubmit} noValidate display="contents">
      <Dialog.Body>
        <Stack gap="6">
          <Text color="fg.muted">
            Every store in {area.name} takes these, unless an area below or the store itself sets its own.
          </Text>
          <FormErrorAlert message={formError} role="alert" />
          <Section title="Time zone">
            <InheritToggle label="time zone" {...own('timeZone')}>
              <Field.Root invalid={Boolean(errors.timeZone)}>
                <Field.Label>Time zone</Field.Label>
                <Input
                  value={values.timeZone}
                  placeholder="Europe/London"
                  onChange={(e) => set({ timeZone: e.target.value })}
                />
                <Field.ErrorText>{errors.timeZone}</Field.ErrorText>
              </Field.Root>
            </InheritToggle>
          </Section>
          <Section title="Opening hours">
            <InheritToggle label="opening hours" {...own('openingHours')}>
              <OpeningHoursFields
                rows={values.openingHours}
                errors={errors}
                onChange={(i, patch) =>
                  set({ openingHours: values.openingHours.map((h, j) => (j === i ? { ...h, ...patch } : h)) })
                }
                onCopyToAll={(i) => set({ openingHours: copyDayToAll(values.openingHours, i) })}
              />
            </InheritToggle>
          </Section>
          <Section title="Time between ratings">
            <InheritToggle label="interval" {...own('minRatingIntervalMinutes')}>
              <Field.Root invalid={Boolean(errors.minRatingIntervalMinutes)}>
                <Field.Label>Minutes before one phone may rate the same person again</Field.Label>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={1440}
                  value={values.minRatingIntervalMinutes}
                  onChange={(e) => set({ minRatingIntervalMinutes: e.target.value })}
                />
                <Field.ErrorText>{errors.minRatingIntervalMinutes}</Field.ErrorText>
              </Field.Root>
            </InheritToggle>
          </Section>
          <Section title="QR page languages">
            <InheritToggle label="languages" {...own('languages')}>
              <Fieldset.Root invalid={Boolean(errors.languages)}>
                <HStack gap="4" wrap="wrap">
                  {QR_PAGE_LANGUAGES.map((lang) => (
                    <Checkbox.Root
                      key={lang}
                      checked={values.languages.includes(lang)}
                      onCheckedChange={(d) =>
                        set({
                          languages:
                            d.checked === true
                              ? [...values.languages, lang]
                              : values.languages.filter((l) => l !== lang),
                        })
                      }
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{QR_PAGE_LANGUAGE_NAMES[lang]}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </HStack>
                <Fieldset.ErrorText>{errors.languages}</Fieldset.ErrorText>
              </Fieldset.Root>
            </InheritToggle>
          </Section>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter submitLabel="Save settings" pending={update.isPending} />
    </chakra.form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
