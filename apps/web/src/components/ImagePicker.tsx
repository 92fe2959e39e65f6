// Choose an image (JPEG, PNG or WebP, up to 2 MB) with a preview; the form that owns it uploads it after saving.
import { Avatar, Button, Field, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { LuImage } from 'react-icons/lu';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export function imageProblem(file: File): string | null {
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) return 'Please upload a JPEG, PNG or WebP image';
  if (file.size > MAX_IMAGE_BYTES) return 'Images must be at most 2 MB';
  return null;
}

export type TImagePickerProps = {
  label: string;
  /** The current image URL (already saved), if any. */
  currentUrl?: string;
  file: File | null;
  onChange: (file: File | null) => void;
  shape?: 'square' | 'full';
};

export function ImagePicker({ label, currentUrl, file, onChange, shape = 'square' }: TImagePickerProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  // jsdom has no object URLs; a browser always does.
  const preview = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined),
    [file],
  );
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label htmlFor={inputId}>{label}</Field.Label>
      <HStack gap="4">
        <Avatar.Root size="2xl" shape={shape === 'full' ? 'full' : 'rounded'} bg="bg.muted">
          <Avatar.Fallback>
            <LuImage aria-hidden />
          </Avatar.Fallback>
          {preview || currentUrl ? <Avatar.Image src={preview ?? currentUrl} alt="" /> : null}
        </Avatar.Root>
        <Stack gap="1">
          <HStack>
            <Button size="sm" variant="outline" onClick={() => inputRef.current?.click()}>
              {file || currentUrl ? 'Change image' : 'Upload image'}
            </Button>
            {file ? (
              <Button size="sm" variant="ghost" onClick={() => onChange(null)}>
                Undo
              </Button>
            ) : null}
          </HStack>
          <Text fontSize="xs" color="fg.muted">
            {file ? file.name : 'JPEG, PNG or WebP, up to 2 MB'}
          </Text>
        </Stack>
      </HStack>
      <VisuallyHidden asChild>
        <input
          id={inputId}
          ref={inputRef}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          onChange={(e) => {
            const chosen = e.currentTarget.files?.[0] ?? null;
            e.currentTarget.value = '';
            if (!chosen) return;
            const problem = imageProblem(chosen);
            setError(problem);
            if (!problem) onChange(chosen);
          }}
        />
      </VisuallyHidden>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/**
 * Uploads the picked image (if any) of a record that was just saved. A failed upload leaves the record saved and says
 * so in a warning; answers whether the image (or no image) went through.
 */
export async function uploadPickedImage(
  file: File | null,
  upload: (body: FormData) => Promise<unknown>,
  saved: { name: string; image: 'the photo' | 'its image' },
): Promise<boolean> {
  if (!file) return true;
  const form = new FormData();
  form.append('image', file);
  try {
    await upload(form);
    return true;
  } catch (error) {
    toaster.warning({
      title: `${saved.name} was saved, but ${saved.image} was not: ${apiErrorMessage(error)}`,
    });
    return false;
  }
}
