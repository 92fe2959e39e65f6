// Add or edit a staff member: photo, name, role, work email (matches rota imports), stores and whether active.
import { Dialog, Field, Input, Stack, Switch, chakra } from '@chakra-ui/react';
import { ZStaffInputSchema, type TStaff, type TStore } from '@cx/contracts';
import { useState, type FormEvent } from 'react';
import { DialogShell, FormDialogFooter, FormErrorAlert } from '@/components/DialogShell';
import { ImagePicker, uploadPickedImage } from '@/components/ImagePicker';
import { StoresPicker, withOnlyStore } from '@/components/StoresPicker';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import { serverFormErrors, validate, type TFormErrors } from '@/lib/form-errors';
import { useStaffMutations } from '../api/staff';

export type TStaffFormDialogProps = {
  open: boolean;
  member?: TStaff;
  stores: TStore[];
  onClose: () => void;
};

export function StaffFormDialog({ open, member, stores, onClose }: TStaffFormDialogProps) {
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      title={member ? `Edit ${member.name}` : 'Add a staff member'}
      size={{ base: 'full', md: 'md' }}
      scrollBehavior="inside"
    >
      {open ? (
        <StaffForm key={member?._id ?? 'new'} member={member} stores={stores} onDone={onClose} />
      ) : null}
    </DialogShell>
  );
}

function StaffForm({ member, stores, onDone }: { member?: TStaff; stores: TStore[]; onDone: () => void }) {
  const [values, setValues] = useState(() => ({
    name: member?.name ?? '',
    role: member?.role ?? '',
    email: member?.email ?? '',
    // Only one store to choose from (a one-store business, or a manager of one store): the person works there.
    stores: withOnlyStore(stores, member ? member.stores.map((s) => s._id) : []),
    active: member?.active ?? true,
  }));
  const [photo, setPhoto] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<TFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { create, update, uploadPhoto } = useStaffMutations();
  const checked = validate(ZStaffInputSchema, values);
  const errors = { ...(submitted ? checked.errors : {}), ...serverErrors };
  const pending = create.isPending || update.isPending || uploadPhoto.isPending;

  const set = (patch: Partial<typeof values>, field: string) => {
    setValues((v) => ({ ...v, ...patch }));
    setServerErrors((e) =>
      Object.fromEntries(Object.entries(e).filter(([k]) => k !== field && !k.startsWith(`${field}.`))),
    );
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    if (!checked.data) return;
    let saved: TStaff;
    try {
      const res = member
        ? await update.mutateAsync({ params: { id: member._id }, body: checked.data })
        : await create.mutateAsync({ body: checked.data });
      saved = res.body.staff;
    } catch (error) {
      setServerErrors(serverFormErrors(error));
      setFormError(apiErrorMessage(error));
      return;
    }
    const upload = (body: FormData) => uploadPhoto.mutateAsync({ params: { id: saved._id }, body });
    if (await uploadPickedImage(photo, upload, { name: saved.name, image: 'the photo' })) {
      toaster.success({ title: member ? `${saved.name} updated` : `${saved.name} added` });
    }
    onDone();
  };

  return (
    <chakra.form onSubmit={onSubmit} noValidate display="contents">
      <Dialog.Body>
        <Stack gap="5">
          <FormErrorAlert message={formError} />
          <ImagePicker
            label="Photo"
            shape="full"
            currentUrl={member?.photo ?? undefined}
            file={photo}
            onChange={setPhoto}
          />
          <Field.Root invalid={Boolean(errors.name)} required>
            <Field.Label>Name</Field.Label>
            <Input
              value={values.name}
              maxLength={255}
              onChange={(e) => set({ name: e.target.value }, 'name')}
            />
            <Field.ErrorText>{errors.name}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.role)}>
            <Field.Label>Role or position</Field.Label>
            <Input
              value={values.role}
              maxLength={255}
              placeholder="e.g. Barista"
              onChange={(e) => set({ role: e.target.value }, 'role')}
            />
            <Field.ErrorText>{errors.role}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.email)}>
            <Field.Label>Email</Field.Label>
            <Input
              type="email"
              autoComplete="off"
              value={values.email}
              maxLength={254}
              placeholder="e.g. mia@yourchain.com"
              onChange={(e) => set({ email: e.target.value }, 'email')}
            />
            <Field.HelperText>
              Optional. A rota import finds this person by it, whatever the name says.
            </Field.HelperText>
            <Field.ErrorText>{errors.email}</Field.ErrorText>
          </Field.Root>
          <StoresPicker
            stores={stores}
            label="Works at"
            fixedWhenOne
            value={values.stores}
            error={errors.stores}
            onChange={(ids) => set({ stores: ids }, 'stores')}
          />
          <Switch.Root checked={values.active} onCheckedChange={(d) => set({ active: d.checked }, 'active')}>
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>Active (can be put on the rota and rated)</Switch.Label>
          </Switch.Root>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter pending={pending} submitLabel={member ? 'Save changes' : 'Add staff member'} />
    </chakra.form>
  );
}
