// Optional quick tags as toggle buttons (aria-pressed); the stored values are the contract's canonical labels.
import { Button, Text, Wrap } from '@chakra-ui/react';
import type { TMessageKey } from '../i18n/messages';
import { useT } from '../i18n/use-t';

export type TTagPickerProps = {
  options: readonly string[];
  value: string[];
  onChange: (tags: string[]) => void;
};

export function TagPicker({ options, value, onChange }: TTagPickerProps) {
  const { t } = useT();
  const toggle = (tag: string) =>
    onChange(value.includes(tag) ? value.filter((v) => v !== tag) : [...value, tag]);
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <Text as="legend" fontWeight="semibold" mb="2">
        {t('tags.legend')}
      </Text>
      <Wrap gap="2">
        {options.map((tag) => {
          const on = value.includes(tag);
          return (
            <Button
              key={tag}
              type="button"
              size="md"
              minH="44px"
              borderRadius="full"
              variant={on ? 'solid' : 'outline'}
              aria-pressed={on}
              onClick={() => toggle(tag)}
            >
              {t(`tag.${tag}` as TMessageKey)}
            </Button>
          );
        })}
      </Wrap>
    </fieldset>
  );
}
