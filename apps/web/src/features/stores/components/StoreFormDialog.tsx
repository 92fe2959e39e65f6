// Create or edit a store: picture, name, address, time zone, opening hours and social links, validated by the contract.
import {
  Box,
  Checkbox,
  Dialog,
  Field,
  Fieldset,
  Grid,
  Heading,
  Input,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import { SOCIAL_LINK_KEYS, ZStoreInputSchema, type TStore } from '@cx/contracts';
import { useState, type FormEvent } from 'react';
import { DialogShell, FormDialogFooter, FormErrorAlert } from '@/components/DialogShell';
import { ImagePicker, uploadPickedImage } from '@/components/ImagePicker';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import { serverFormErrors, validate, type TFormErrors } from '@/lib/form-errors';
import { useSaveStore } from '../api/stores';
import {
  emptyStoreForm,
  formToPayload,
  knownTimeZones,
  SOCIAL_LINK_LABELS,
  storeToForm,
  WEEKDAYS,
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
        ? await update.mutateAsync({ params: { id: store._id }, body: checked.data })
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

          <Fieldset.Root>
            <Fieldset.Legend asChild>
              <Heading as="h3" size="sm">
                Opening hours
              </Heading>
            </Fieldset.Legend>
            <Stack gap="2">
              {values.openingHours.map((row, i) => {
                const label = WEEKDAYS.find((d) => d.day === row.day)?.label ?? '';
                const error = errors[`openingHours.${i}.open`] ?? errors[`openingHours.${i}.close`];
                return (
                  <Box key={row.day}>
                    <Grid
                      templateColumns={{ base: '1fr 1fr', sm: '7rem 6rem 1fr 1fr' }}
                      gap="2"
                      alignItems="center"
                    >
                      <Text fontSize="sm" fontWeight="medium">
                        {label}
                      </Text>
                      <Checkbox.Root
                        checked={row.closed}
                        onCheckedChange={(d) => setHours(i, { closed: d.checked === true })}
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>Closed</Checkbox.Label>
                      </Checkbox.Root>
                      <Input
                        type="time"
                        size="sm"
                        aria-label={`${label} opening time`}
                        value={row.open}
                        disabled={row.closed}
                        onChange={(e) => setHours(i, { open: e.target.value })}
                      />
                      <Input
                        type="time"
                        size="sm"
                        aria-label={`${label} closing time`}
                        value={row.close}
                        disabled={row.closed}
                        onChange={(e) => setHours(i, { close: e.target.value })}
                      />
                    </Grid>
                    {error ? (
                      <Text color="fg.error" fontSize="xs" mt="1">
                        {label}: {error}
                      </Text>
                    ) : null}
                  </Box>
                );
              })}
            </Stack>
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
