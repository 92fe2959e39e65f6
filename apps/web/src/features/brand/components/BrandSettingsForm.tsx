// The brand colour (checked by the shared schema before it is sent) and the logo upload; owners and admins only.
import { Button, Field, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { ZBrandUpdateSchema, type TBrand } from '@cx/contracts';
import { useId, useState } from 'react';
import { ImagePicker } from '@/components/ImagePicker';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage, describeApiError } from '@/lib/api-error';
import { useBrandChanges } from '../api/brand';
import { BrandPreview } from './BrandPreview';

export function BrandSettingsForm({ brand }: { brand: TBrand }) {
  const [color, setColor] = useState(brand.color ?? '');
  const [tried, setTried] = useState(false);
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const changes = useBrandChanges();
  // Two inputs in one field: the label names the typed one, the picker carries its own name.
  const colorId = useId();
  const pickerId = useId();
  const parsed = ZBrandUpdateSchema.safeParse({ color: color.trim() === '' ? null : color });
  const colorError = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  const previewColor = parsed.success ? parsed.data.color : brand.color;

  const saveColor = () => {
    setTried(true);
    if (!parsed.success) return;
    changes.update.mutate(
      { body: parsed.data },
      {
        onSuccess: (res) => toaster.success({ title: res.body.message }),
        onError: (error) => toaster.error({ title: apiErrorMessage(error) }),
      },
    );
  };

  const saveLogo = () => {
    if (!logo) return;
    const body = new FormData();
    body.append('logo', logo);
    changes.uploadLogo.mutate(
      { body },
      {
        onSuccess: (res) => {
          setLogo(null);
          setLogoError(null);
          toaster.success({ title: res.body.message });
        },
        // The server's per-field message ("logo") when it has one: too large, not an image.
        onError: (error) => setLogoError(describeApiError(error).fieldErrors?.logo?.[0] ?? apiErrorMessage(error)),
      },
    );
  };

  const removeLogo = () =>
    changes.removeLogo.mutate(
      {},
      {
        onSuccess: (res) => toaster.success({ title: res.body.message }),
        onError: (error) => toaster.error({ title: apiErrorMessage(error) }),
      },
    );

  return (
    <Stack gap="6">
      <BrandPreview logo={brand.logo} color={previewColor} />
      <Stack gap="2">
        <ImagePicker
          label="Logo"
          currentUrl={brand.logo ? `${brand.logo}?w=160` : undefined}
          file={logo}
          onChange={(file) => {
            setLogo(file);
            setLogoError(null);
          }}
        />
        {logoError ? (
          <Text color="fg.error" fontSize="sm" role="alert">
            {logoError}
          </Text>
        ) : null}
        <HStack wrap="wrap">
          <Button colorPalette="brand" size="sm" onClick={saveLogo} disabled={!logo} loading={changes.uploadLogo.isPending}>
            Save logo
          </Button>
          {brand.logo ? (
            <Button variant="outline" size="sm" onClick={removeLogo} loading={changes.removeLogo.isPending}>
              Remove logo
            </Button>
          ) : null}
        </HStack>
      </Stack>
      <Flex gap="3" wrap="wrap" align="end">
        <Field.Root invalid={tried && Boolean(colorError)} width={{ base: 'full', sm: '56' }}>
          <Field.Label htmlFor={colorId}>Brand colour</Field.Label>
          <HStack>
            <Input
              id={pickerId}
              type="color"
              aria-label="Pick the brand colour"
              value={parsed.success && parsed.data.color ? parsed.data.color : '#1a56db'}
              onChange={(e) => setColor(e.target.value)}
              width="12"
              p="1"
            />
            <Input id={colorId} value={color} placeholder="#1A56DB" onChange={(e) => setColor(e.target.value)} />
          </HStack>
          <Field.HelperText>Blank for the standard colours. Text on it is picked to stay readable.</Field.HelperText>
          <Field.ErrorText>{colorError}</Field.ErrorText>
        </Field.Root>
        <Button colorPalette="brand" onClick={saveColor} loading={changes.update.isPending}>
          Save colour
        </Button>
      </Flex>
    </Stack>
  );
}
