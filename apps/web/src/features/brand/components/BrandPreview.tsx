// How the brand reads on a customer's phone: the logo beside the "100% Anonymous!" header on the brand colour, in the
// text colour picked for contrast.
import { Box, Flex, Image, Text } from '@chakra-ui/react';
import { brandOf } from '@cx/contracts';
import { ANONYMOUS_HEADLINE } from '@/config/paths';

export function BrandPreview({ logo, color }: { logo: string | null; color: string | null }) {
  const brand = brandOf(logo, color);
  return (
    <Box
      data-testid="brand-preview"
      borderWidth="1px"
      borderRadius="l2"
      p="4"
      bg={brand.color ?? 'bg.muted'}
      color={brand.textColor ?? 'fg'}
      aria-label="Preview of the customer page header"
      role="img"
    >
      <Flex align="center" gap="3" wrap="wrap">
        {brand.logo ? (
          <Image src={`${brand.logo}?w=160`} alt="" maxH="12" maxW="40" objectFit="contain" bg="white" p="1" borderRadius="l1" />
        ) : null}
        <Text fontWeight="bold" fontSize="lg">
          {ANONYMOUS_HEADLINE}
        </Text>
      </Flex>
    </Box>
  );
}
