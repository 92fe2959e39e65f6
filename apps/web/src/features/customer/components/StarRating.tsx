// 1–5 stars as a native radio group: arrow keys, screen readers and 48 px touch targets come for free.
import { Box, chakra, HStack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useT } from '../i18n/use-t';

export const SCORES = [1, 2, 3, 4, 5] as const;

export function StarIcon({ filled, size = 36 }: { filled: boolean; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
        fill={filled ? '#f5a524' : 'none'}
        stroke={filled ? '#c77d02' : '#6b7280'}
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const HiddenRadio = chakra('input', {
  base: { position: 'absolute', opacity: 0, width: '1px', height: '1px', overflow: 'hidden' },
});

export type TStarRatingProps = {
  value: number | null;
  onChange: (score: number) => void;
  error?: string;
};

export function StarRating({ value, onChange, error }: TStarRatingProps) {
  const { t } = useT();
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <Box as="fieldset" border="0" p="0" m="0" aria-describedby={error ? errorId : undefined}>
      <Text as="legend" fontWeight="semibold" mb="2">
        {t('stars.legend')}
      </Text>
      <HStack gap="1" justify="center" role="presentation">
        {SCORES.map((n) => {
          const label = t(`stars.${n}`);
          return (
            <chakra.label
              key={n}
              display="inline-flex"
              alignItems="center"
              justifyContent="center"
              minW="52px"
              minH="52px"
              borderRadius="md"
              cursor="pointer"
              _focusWithin={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
            >
              <HiddenRadio
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                aria-label={t('stars.option', { n, label })}
              />
              <StarIcon filled={value !== null && n <= value} />
            </chakra.label>
          );
        })}
      </HStack>
      <Text textAlign="center" minH="6" mt="1" fontWeight="medium" aria-live="polite">
        {value ? t(`stars.${value}` as 'stars.1') : t('stars.choose')}
      </Text>
      {error ? (
        <Text id={errorId} role="alert" color="fg.error" textAlign="center" mt="1">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}
