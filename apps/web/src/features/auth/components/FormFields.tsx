// Labelled text and password inputs with their one error message; password fields have a show/hide toggle (spec §5).
// The named fields below are the ones several auth panels show with the same label and autofill hint.
import { Field, IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { useState } from 'react';
import { LuEye, LuEyeOff } from 'react-icons/lu';

export type TFieldProps = Omit<InputProps, 'value' | 'onChange' | 'onBlur'> & {
  label: string;
  name: string;
  value: string;
  error?: string;
  onChange: InputProps['onChange'];
  onBlur?: InputProps['onBlur'];
};

export function TextField({ label, error, ...input }: TFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} disabled={input.disabled}>
      <Field.Label>{label}</Field.Label>
      <Input {...input} />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

export function PasswordField({ label, error, ...input }: TFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <InputGroup
        endElement={
          <IconButton
            type="button"
            variant="ghost"
            size="xs"
            me="-2"
            aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? <LuEyeOff /> : <LuEye />}
          </IconButton>
        }
      >
        <Input {...input} type={visible ? 'text' : 'password'} />
      </InputGroup>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/** A field as `useZodForm().field(name)` hands it over. */
type TBoundField = Omit<TFieldProps, 'label'>;

export function EmailField(field: TBoundField) {
  return <TextField label="Email" type="email" autoComplete="email" {...field} />;
}

export function FullNameField(field: TBoundField) {
  return <TextField label="Full Name" autoComplete="name" {...field} />;
}

/** A new password and its confirmation, both filled by the browser's password generator. */
export function NewPasswordFields({
  label = 'Password',
  password,
  confirm,
}: {
  label?: string;
  password: TBoundField;
  confirm: TBoundField;
}) {
  return (
    <>
      <PasswordField label={label} autoComplete="new-password" {...password} />
      <PasswordField label="Confirm Password" autoComplete="new-password" {...confirm} />
    </>
  );
}
