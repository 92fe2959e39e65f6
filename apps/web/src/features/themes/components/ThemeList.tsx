// The business's themes as rows (name, where it comes from, 30-day count, what is merged into it) with their actions.
import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import type { TThemeEntry } from '@cx/contracts';
import { LuCombine, LuEye, LuEyeOff, LuPencil, LuSplit } from 'react-icons/lu';
import { formatFigure } from '@/lib/analytics/format';
import { routeAttrs } from '@/lib/actions';

export type TThemeActions = {
  onRename: (theme: TThemeEntry) => void;
  onMerge: (theme: TThemeEntry) => void;
  onToggleHidden: (theme: TThemeEntry) => void;
  onUnmerge: (theme: TThemeEntry) => void;
  /** The key of the theme whose change is being saved. */
  busyKey: string | null;
};

const SOURCE_LABELS: Record<TThemeEntry['source'], string> = {
  tag: 'Quick tag',
  discovered: 'Found in comments',
};

function ThemeRow({
  theme,
  nameOf,
  actions,
}: {
  theme: TThemeEntry;
  nameOf: (key: string) => string;
  actions: TThemeActions;
}) {
  const merged = theme.mergedInto !== null;
  const busy = actions.busyKey === theme.key;
  return (
    <Flex
      as="li"
      aria-label={theme.name}
      gap="3"
      p="4"
      borderWidth="1px"
      rounded="lg"
      bg="bg"
      direction={{ base: 'column', md: 'row' }}
      align={{ md: 'center' }}
    >
      <Box flex="1" minW="0">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold" overflowWrap="anywhere">
            {theme.name}
          </Text>
          <Badge variant="outline">{SOURCE_LABELS[theme.source]}</Badge>
          {theme.hidden ? <Badge colorPalette="gray">Hidden</Badge> : null}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {formatFigure(theme.count, 'count')} {theme.count === 1 ? 'mention' : 'mentions'} in the last 30
          days
          {theme.name !== theme.key ? ` · originally “${theme.key}”` : ''}
        </Text>
        {merged ? (
          <Text fontSize="sm">Merged into {nameOf(theme.mergedInto!)}</Text>
        ) : theme.mergedFrom.length > 0 ? (
          <Text fontSize="sm">Includes {theme.mergedFrom.map(nameOf).join(', ')}</Text>
        ) : null}
      </Box>
      <HStack gap="2" wrap="wrap">
        {merged ? (
          <Button
            {...routeAttrs('themes.updateTheme')}
            size="sm"
            variant="outline"
            loading={busy}
            onClick={() => actions.onUnmerge(theme)}
          >
            <LuSplit aria-hidden /> Unmerge
          </Button>
        ) : (
          <>
            <Button
              size="sm"
              variant="outline"
              {...routeAttrs('themes.updateTheme')}
              aria-label={`Rename ${theme.name}`}
              onClick={() => actions.onRename(theme)}
            >
              <LuPencil aria-hidden /> Rename
            </Button>
            <Button
              size="sm"
              variant="outline"
              {...routeAttrs('themes.updateTheme')}
              aria-label={`Merge ${theme.name} into another theme`}
              onClick={() => actions.onMerge(theme)}
            >
              <LuCombine aria-hidden /> Merge
            </Button>
            <Button
              size="sm"
              variant="ghost"
              loading={busy}
              {...routeAttrs('themes.updateTheme')}
              aria-label={`${theme.hidden ? 'Show' : 'Hide'} ${theme.name}`}
              onClick={() => actions.onToggleHidden(theme)}
            >
              {theme.hidden ? <LuEye aria-hidden /> : <LuEyeOff aria-hidden />}
              {theme.hidden ? 'Show' : 'Hide'}
            </Button>
          </>
        )}
      </HStack>
    </Flex>
  );
}

export function ThemeList({
  themes,
  label,
  nameOf,
  actions,
}: {
  themes: TThemeEntry[];
  label: string;
  nameOf: (key: string) => string;
  actions: TThemeActions;
}) {
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label={label}>
      {themes.map((theme) => (
        <ThemeRow key={theme.key} theme={theme} nameOf={nameOf} actions={actions} />
      ))}
    </Stack>
  );
}
