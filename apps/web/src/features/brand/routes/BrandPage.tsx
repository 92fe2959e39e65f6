// /manage-stores/brand: the chain's logo and colour on posters, QR pages and boards; owners and admins change them,
// other members see them read-only.
import { Card, Stack, Text } from '@chakra-ui/react';
import { QueryStates } from '@/components/LoadState';
import { PageHeader } from '@/components/PageHeader';
import { paths } from '@/config/paths';
import { useAccess } from '@/lib/role';
import { useBrand } from '../api/brand';
import { BrandPreview } from '../components/BrandPreview';
import { BrandSettingsForm } from '../components/BrandSettingsForm';

export function BrandPage() {
  const brand = useBrand();
  const canManage = useAccess().can('brand:manage');
  const current = brand.data?.body.brand;
  return (
    <section aria-labelledby="page-title">
      <PageHeader
        title={paths.business.brand.title}
        description="Your logo and colour on the store posters, the customer QR pages and the breakroom boards."
      />
      <QueryStates
        query={brand}
        isEmpty={!current}
        loading={{ label: 'Loading your brand', rows: 2, height: '24' }} what="your brand">
        {() => (
          <Card.Root maxW="2xl">
            <Card.Body>
              {canManage ? (
                <BrandSettingsForm brand={current!} />
              ) : (
                <Stack gap="3">
                  <BrandPreview logo={current!.logo} color={current!.color} />
                  <Text color="fg.muted">Only the owner or an admin can change the logo and colour.</Text>
                </Stack>
              )}
            </Card.Body>
          </Card.Root>
        )}
      </QueryStates>
    </section>
  );
}
