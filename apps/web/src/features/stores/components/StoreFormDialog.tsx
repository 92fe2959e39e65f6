// Create or edit a store: picture, name, address, time zone, opening hours and social links, validated by the contract.
import { Dialog, Field, Fieldset, Heading, Input, Stack, chakra } from '@chakra-ui/react';
import { SOCIAL_LINK_KEYS, ZStoreInputSchema, type TStore } from '@cx/contracts';
import { useState, type FormEvent } from 'react';
import { DialogShell, FormDialogFooter, FormErrorAlert } from '@/components/DialogShell';
import { ImagePicker, uploadPickedImage } from '@/components/ImagePicker';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import { serverFormErrors, validate, type TFormErrors } from '@/lib/form-errors';
import { useAreas } from '../api/areas';
import { useSaveStore } from '../api/stores';
import { InheritToggle } from './InheritToggle';
import { OpeningHoursFields } from './OpeningHoursFields';
import {
  copyDayToAll,
  emptyStoreForm,
  formToPayload,
  inheritedKeysOf,
  knownTimeZones,
  SOCIAL_LINK_LABELS,
  storeToForm,
  type TStoreFormValues,
} from './store-form';

export type TStoreFormDialogProps = {
  open: boolean;
  /** The store to edit; absent to create one. */
  store?: TStore;
  onClose: () => void;
};

export function StoreFormDialog({ open, store, onClose }: TStoreFormDialogProps) {
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      title={store ? `Edit ${store.name}` : 'Add a store'}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
    >
      {/* Keyed so reopening starts from the store's saved values. */}
      {open ? <StoreForm key={store?._id ?? 'new'} store={store} onDone={onClose} /> : null}
    </DialogShell>
  );
}

const TIME_ZONES_LIST_ID = 'store-time-zones';

function StoreForm({ store, onDone }: { store?: TStore; onDone: () => void }) {
  const [values, setValues] = useState<TStoreFormValues>(() =>
    store ? storeToForm(store) : emptyStoreForm(),
  );
  const [image, setImage] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<TFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { create, update, uploadImage } = useSaveStore();
  const [timeZones] = useState(knownTimeZones);
  const areas = useAreas();
  const areaName = (id: string | null | undefined) =>
    id ? (areas.data?.body.areas.find((a) => a._id === id)?.name ?? 'its area') : null;
  const setInherit = (key: keyof TStoreFormValues['inherit'], on: boolean) =>
    set({ inherit: { ...values.inherit, [key]: on } }, [key]);

  const checked = validate(ZStoreInputSchema, formToPayload(values));
  const errors: TFormErrors = { ...(submitted ? checked.errors : {}), ...serverErrors };
  const pending = create.isPending || update.isPending || uploadImage.isPending;

  const set = (patch: Partial<TStoreFormValues>, clear: string[]) => {
    setValues((v) => ({ ...v, ...patch }));
    setServerErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !clear.includes(k))));
  };
  const setHours = (index: number, patch: Partial<TStoreFormValues['openingHours'][number]>) =>
    set({ openingHours: values.openingHours.map((h, i) => (i === index ? { ...h, ...patch } : h)) }, [
      `openingHours.${index}.open`,
      `openingHours.${index}.close`,
    ]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    if (!checked.data) return;
    let saved: TStore;
    try {
      const res = store
        ? await update.mutateAsync({
            params: { id: store._id },
            body: { ...checked.data, inherit: inheritedKeysOf(values) },
          })
        : await create.mutateAsync({ body: checked.data });
      saved = res.body.store;
    } catch (error) {
      setServerErrors(serverFormErrors(error));
      setFormError(apiErrorMessage(error));
      return;
    }
    const upload = (body: FormData) => uploadImage.mutateAsync({ params: { id: saved._id }, body });
    if (await uploadPickedImage(image, upload, { name: saved.name, image: 'its image' })) {
      toaster.success({ title: store ? 'Store updated' : 'Store created' });
    }
    onDone();
  };

  return (
    <chakra.form onSubmit={onSubmit} noValidate display="contents">
      <Dialog.Body>
        <Stack gap="6">
          <FormErrorAlert message={formError} />
          <ImagePicker
            label="Store image"
            currentUrl={store?.image ?? undefined}
            file={image}
            onChange={setImage}
          />
          <Field.Root invalid={Boolean(errors.name)} required>
            <Field.Label>Store name</Field.Label>
            <Input
              value={values.name}
              maxLength={255}
              onChange={(e) => set({ name: e.target.value }, ['name'])}
            />
            <Field.ErrorText>{errors.name}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.address)}>
            <Field.Label>Address</Field.Label>
            <Input
              value={values.address}
              maxLength={500}
              autoComplete="street-address"
              onChange={(e) => set({ address: e.target.value }, ['address'])}
            />
            <Field.ErrorText>{errors.address}</Field.ErrorText>
          </Field.Root>
          <InheritToggle
            label="time zone"
            inherited={values.inherit.timeZone}
            onInheritedChange={(on) => setInherit('timeZone', on)}
            from={areaName(store?.inherited.timeZone)}
            value={store?.inherited.timeZone !== undefined ? store.timeZone : 'chosen by the area'}
          >
            <Field.Root invalid={Boolean(errors.timeZone)} required>
              <Field.Label>Time zone</Field.Label>
              <Input
                value={values.timeZone}
                list={TIME_ZONES_LIST_ID}
                placeholder="Europe/London"
                onChange={(e) => set({ timeZone: e.target.value }, ['timeZone'])}
              />
              <datalist id={TIME_ZONES_LIST_ID}>
                {timeZones.map((tz) => (
                  <option key={tz} value={tz} />
                ))}
              </datalist>
              {errors.timeZone ? (
                <Field.ErrorText>{errors.timeZone}</Field.ErrorText>
              ) : (
                <Field.HelperText>Shifts and ratings are counted in this time zone.</Field.HelperText>
              )}
            </Field.Root>
          </InheritToggle>

          <Fieldset.Root>
            <Fieldset.Legend asChild>
              <Heading as="h3" size="sm">
                Opening hours
              </Heading>
            </Fieldset.Legend>
            <InheritToggle
              label="opening hours"
              inherited={values.inherit.openingHours}
              onInheritedChange={(on) => setInherit('openingHours', on)}
              from={areaName(store?.inherited.openingHours)}
              value={
                store?.inherited.openingHours !== undefined
                  ? `${store.openingHours.filter((h) => !h.closed).length} days open`
                  : 'chosen by the area'
              }
            >
              <OpeningHoursFields
                rows={values.openingHours}
                onChange={setHours}
                errors={errors}
                onCopyToAll={(i) =>
                  set(
                    { openingHours: copyDayToAll(values.openingHours, i) },
                    values.openingHours.flatMap((_, j) => [
                      `openingHours.${j}.open`,
                      `openingHours.${j}.close`,
                    ]),
                  )
                }
              />
            </InheritToggle>
          </Fieldset.Root>

          <Fieldset.Root>
            <Fieldset.Legend asChild>
              <Heading as="h3" size="sm">
                Social links
              </Heading>
            </Fieldset.Legend>
            <Fieldset.HelperText>
              Shown to customers after they rate. Leave blank to hide.
            </Fieldset.HelperText>
            <Stack gap="3">
              {SOCIAL_LINK_KEYS.map((key) => {
                const path = `socialLinks.${key}`;
                return (
                  <Field.Root key={key} invalid={Boolean(errors[path])}>
                    <Field.Label>{SOCIAL_LINK_LABELS[key]}</Field.Label>
                    <Input
                      type="url"
                      inputMode="url"
                      placeholder="https://"
                      value={values.socialLinks[key]}
                      onChange={(e) =>
                        set({ socialLinks: { ...values.socialLinks, [key]: e.target.value } }, [path])
                      }
                    />
                    <Field.ErrorText>{errors[path]}</Field.ErrorText>
                  </Field.Root>
                );
              })}
            </Stack>
          </Fieldset.Root>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter pending={pending} submitLabel={store ? 'Save changes' : 'Create store'} />
    </chakra.form>
  );
}
