// The profile dialog: avatar with camera placeholder and "Upload image", Full Name, Email (read-only), passwords, Update; then the scheduled reports.
import {
  Avatar,
  Box,
  Button,
  Center,
  Dialog,
  Icon,
  Spinner,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { USER_MESSAGES, ZProfileSchema, type TUser } from '@cx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { LuCamera } from 'react-icons/lu';
import { DialogShell } from '@/components/DialogShell';
import { toaster } from '@/components/ui/toaster';
import { useZodForm } from '@/hooks/use-zod-form';
import { usePrivateImage } from '@/lib/private-image';
import { describeApiError, isUnauthorizedError } from '@/lib/api-error';
import { session, useSession, type TSessionUser } from '@/lib/session';
import { toSessionUser } from '../api/session-user';
import { PROFILE_QUERY_KEY, useProfile, useUpdateProfile } from '../api/profile';
import { FullNameField, PasswordField, TextField } from './FormFields';
import { FormStack, SubmitButton } from './PanelParts';
import { ReportPreferences } from './ReportPreferences';

const ACCEPTED_IMAGES = 'image/jpeg,image/png,image/webp';

export type TProfileDialogProps = { open: boolean; onClose: () => void };

export function ProfileDialog({ open, onClose }: TProfileDialogProps) {
  const { user: stored } = useSession();
  const profile = useProfile(open);
  // The fresh profile when it came back, else what the session stored at login.
  const user: TUser | TSessionUser | null = profile.data?.body.user ?? (profile.isPending ? null : stored);
  return (
    // The body scrolls inside the card: with the report preferences it is taller than a laptop's window.
    <DialogShell
      open={open}
      onClose={onClose}
      title="Profile"
      size={{ base: 'full', sm: 'md' }}
      scrollBehavior="inside"
    >
      <Dialog.Body pb="6">
        {/* Mounted afresh on each opening; a profile refresh arriving later updates it in place (see ProfileForm). */}
        {open && user ? (
          <Stack gap="6">
            <ProfileForm user={user} onDone={onClose} />
            <ReportPreferences />
          </Stack>
        ) : (
          <Center minH="40">
            <Spinner aria-label="Loading profile" />
          </Center>
        )}
      </Dialog.Body>
    </DialogShell>
  );
}

type TProfileFormProps = {
  user: { fullname?: string; email?: string; profilePicture?: string | null };
  onDone: () => void;
};

function ProfileForm({ user, onDone }: TProfileFormProps) {
  const queryClient = useQueryClient();
  const form = useZodForm(ZProfileSchema, {
    fullname: user.fullname ?? '',
    oldPassword: '',
    newPassword: '',
  });
  // A refresh that arrives after the form showed (reopening shows the cached profile, then refetches) brings the fresh
  // name in only if the person has not typed over the one shown: what they typed is theirs.
  const freshName = user.fullname ?? '';
  const [shownName, setShownName] = useState(freshName);
  if (freshName !== shownName) {
    setShownName(freshName);
    if (form.values.fullname === shownName) form.setValues((prev) => ({ ...prev, fullname: freshName }));
  }
  const [picture, setPicture] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | undefined>(undefined);
  const fileInput = useRef<HTMLInputElement>(null);
  const update = useUpdateProfile();

  const choosePicture = (file: File | null) => {
    if (preview) URL.revokeObjectURL(preview);
    setPicture(file);
    setPreview(file ? URL.createObjectURL(file) : undefined);
  };

  const submit = form.handleSubmit((data) => {
    const body = new FormData();
    body.append('fullname', data.fullname);
    body.append('oldPassword', data.oldPassword ?? '');
    body.append('newPassword', data.newPassword ?? '');
    if (picture) body.append('profilePicture', picture);
    // A new password ends every older token, this tab's too, before the answer brings the new one: calls refused with
    // the old token meanwhile (the socket's reconnect check, a refresh) wait for it instead of signing out.
    // The promise (not mutate's callbacks) settles even if the dialog closed meanwhile, so the renewal always ends.
    const endRenewal = data.newPassword ? session.beginRenewal() : () => undefined;
    update
      .mutateAsync({ body })
      .then(({ body: result }) => {
        // The answer carries a fresh token: a password change ends every older one, this session included.
        session.start({ token: result.token, user: toSessionUser(result.user) });
        void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
        toaster.create({ type: 'success', title: result.message || USER_MESSAGES.profileUpdated });
        if (preview) URL.revokeObjectURL(preview);
        onDone();
      })
      .catch((error: unknown) => {
        if (isUnauthorizedError(error)) return; // the app's 401 handler signs out and says why
        const info = describeApiError(error);
        toaster.create({ type: 'error', title: info.kind === 'http' ? info.message : 'An error occurred' });
        const fields = info.fieldErrors ?? {};
        form.setServerErrors({
          fullname: fields.fullname?.[0],
          oldPassword: fields.oldPassword?.[0],
          newPassword: fields.newPassword?.[0],
        });
      })
      .finally(endRenewal);
  });

  const stored = usePrivateImage(user.profilePicture, 96);
  const avatarSrc = preview ?? stored;

  return (
    <FormStack onSubmit={submit}>
      <Stack align="center" gap="3">
        <Avatar.Root boxSize="24" colorPalette="gray" variant="subtle">
          <Avatar.Fallback role="img" aria-label="No profile picture">
            <Icon as={LuCamera} boxSize="8" color="fg.muted" />
          </Avatar.Fallback>
          {avatarSrc ? <Avatar.Image src={avatarSrc} alt="Profile picture" /> : null}
        </Avatar.Root>
        <VisuallyHidden>
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPTED_IMAGES}
            aria-label="Profile picture file"
            onChange={(e) => choosePicture(e.target.files?.[0] ?? null)}
          />
        </VisuallyHidden>
        <Button type="button" size="sm" variant="outline" onClick={() => fileInput.current?.click()}>
          Upload image
        </Button>
        {picture ? (
          <Text fontSize="xs" color="fg.muted">
            {picture.name}
          </Text>
        ) : null}
      </Stack>
      <FullNameField {...form.field('fullname')} />
      <TextField
        label="Email"
        name="email"
        value={user.email ?? ''}
        onChange={() => undefined}
        disabled
        readOnly
      />
      <PasswordField label="Old Password" autoComplete="current-password" {...form.field('oldPassword')} />
      <PasswordField label="Confirm Password" autoComplete="new-password" {...form.field('newPassword')} />
      <Box>
        <SubmitButton loading={update.isPending}>Update</SubmitButton>
      </Box>
    </FormStack>
  );
}

export default ProfileDialog;
