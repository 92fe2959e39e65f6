// Add, edit, move or delete one shift: person, date and local start/end times; server refusals (overlap) shown inline.
import { Button, Dialog, Field, Grid, Input, NativeSelect, Stack, Text, chakra } from '@chakra-ui/react';
import { ZShiftInputSchema, type TRotaStaff, type TShift } from '@cx/contracts';
import { useState, type FormEvent } from 'react';
import { DialogShell, FormDialogFooter, FormErrorAlert } from '@/components/DialogShell';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import { serverFormErrors, validate, type TFormErrors } from '@/lib/form-errors';
import { longDay, useShiftMutations } from '../api/rota';

export type TShiftDialogTarget =
  { kind: 'create'; staff: string; date: string } | { kind: 'edit'; shift: TShift };

export type TShiftDialogProps = {
  target: TShiftDialogTarget | null;
  store: { _id: string; name: string; timeZone: string };
  staff: TRotaStaff[];
  onClose: () => void;
};

export function ShiftDialog({ target, store, staff, onClose }: TShiftDialogProps) {
  const key = target
    ? target.kind === 'edit'
      ? target.shift._id
      : `${target.staff}-${target.date}`
    : 'none';
  return (
    <DialogShell
      open={target !== null}
      onClose={onClose}
      title={target?.kind === 'edit' ? 'Edit shift' : 'Add shift'}
      size={{ base: 'full', sm: 'md' }}
    >
      {target ? <ShiftForm key={key} target={target} store={store} staff={staff} onDone={onClose} /> : null}
    </DialogShell>
  );
}

type TShiftFormProps = Omit<TShiftDialogProps, 'target' | 'onClose'> & {
  target: TShiftDialogTarget;
  onDone: () => void;
};

function ShiftForm({ target, store, staff, onDone }: TShiftFormProps) {
  const editing = target.kind === 'edit' ? target.shift : null;
  const [values, setValues] = useState(() =>
    editing
      ? { staff: editing.staff, date: editing.day, start: editing.startTime, end: editing.endTime }
      : {
          staff: target.kind === 'create' ? target.staff : '',
          date: target.kind === 'create' ? target.date : '',
          start: '09:00',
          end: '17:00',
        },
  );
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<TFormErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const { create, update, remove } = useShiftMutations();
  const checked = validate(ZShiftInputSchema, { ...values, store: store._id });
  const errors = { ...(submitted ? checked.errors : {}), ...serverErrors };
  const pending = create.isPending || update.isPending || remove.isPending;
  // People who can take a shift here, plus the current holder so an edit always shows who has it.
  const choices = staff.filter((s) => (s.active && s.worksHere) || s._id === values.staff);

  const set = (patch: Partial<typeof values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setServerErrors({});
    setRefusal(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!checked.data) return;
    try {
      if (editing) {
        const { store: _store, ...changes } = checked.data;
        await update.mutateAsync({ params: { id: editing._id }, body: changes });
      } else {
        await create.mutateAsync({ body: checked.data });
      }
      toaster.success({ title: editing ? 'Shift updated' : 'Shift added' });
      onDone();
    } catch (error) {
      setServerErrors(serverFormErrors(error));
      setRefusal(apiErrorMessage(error));
    }
  };

  const onDelete = async () => {
    if (!editing) return;
    try {
      await remove.mutateAsync({ params: { id: editing._id } });
      toaster.success({ title: 'Shift removed' });
      onDone();
    } catch (error) {
      setRefusal(apiErrorMessage(error));
    }
  };

  const overnight =
    /^\d\d:\d\d$/.test(values.start) && /^\d\d:\d\d$/.test(values.end) && values.end < values.start;
  return (
    <chakra.form onSubmit={onSubmit} noValidate display="contents">
      <Dialog.Body>
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">
            {store.name} · times in {store.timeZone}
          </Text>
          <FormErrorAlert message={refusal} role="alert" />
          <Field.Root invalid={Boolean(errors.staff)} required>
            <Field.Label>Staff member</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={values.staff}
                onChange={(e) => set({ staff: e.currentTarget.value })}
              >
                <option value="" disabled>
                  Choose a person
                </option>
                {choices.map((s) => (
                  <option key={s._id} value={s._id}>
                    {s.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errors.staff}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.date)} required>
            <Field.Label>Date</Field.Label>
            <Input type="date" value={values.date} onChange={(e) => set({ date: e.target.value })} />
            {errors.date ? (
              <Field.ErrorText>{errors.date}</Field.ErrorText>
            ) : values.date ? (
              <Field.HelperText>{longDay(values.date)}</Field.HelperText>
            ) : null}
          </Field.Root>
          <Grid templateColumns="1fr 1fr" gap="3">
            <Field.Root invalid={Boolean(errors.start)} required>
              <Field.Label>Start</Field.Label>
              <Input type="time" value={values.start} onChange={(e) => set({ start: e.target.value })} />
              <Field.ErrorText>{errors.start}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.end)} required>
              <Field.Label>End</Field.Label>
              <Input type="time" value={values.end} onChange={(e) => set({ end: e.target.value })} />
              {errors.end ? (
                <Field.ErrorText>{errors.end}</Field.ErrorText>
              ) : overnight ? (
                <Field.HelperText>Ends the next day</Field.HelperText>
              ) : null}
            </Field.Root>
          </Grid>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter
        pending={pending}
        saving={create.isPending || update.isPending}
        submitLabel={editing ? 'Save shift' : 'Add shift'}
        start={
          editing ? (
            <Button variant="ghost" colorPalette="red" onClick={() => void onDelete()} disabled={pending}>
              Delete shift
            </Button>
          ) : (
            <span />
          )
        }
      />
    </chakra.form>
  );
}
