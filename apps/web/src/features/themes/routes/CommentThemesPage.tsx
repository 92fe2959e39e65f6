// /comment-themes (Owner/Admin): the business's comment themes with their counts — rename, merge into another, hide.
import { Heading, Stack, Text } from '@chakra-ui/react';
import { ACCESS_MESSAGES, type TThemeEntry } from '@cx/contracts';
import { useState } from 'react';
import { LuTags } from 'react-icons/lu';
import { AccessRefusal } from '@/components/AccessRefusal';
import { EmptyList, QueryStates } from '@/components/LoadState';
import { PageHeader } from '@/components/PageHeader';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { apiErrorMessage } from '@/lib/api-error';
import { useAccess } from '@/lib/role';
import { useThemeVocabulary } from '@/lib/themes-query';
import { useUpdateTheme } from '../api/themes';
import { MergeThemeDialog, RenameThemeDialog } from '../components/ThemeDialogs';
import { ThemeList, type TThemeActions } from '../components/ThemeList';

const byCount = (a: TThemeEntry, b: TThemeEntry) => b.count - a.count || a.name.localeCompare(b.name);

export function CommentThemesPage() {
  const access = useAccess();
  const allowed = access.can('themes:manage');
  const vocabulary = useThemeVocabulary(allowed);
  const update = useUpdateTheme();
  const [renaming, setRenaming] = useState<TThemeEntry | null>(null);
  const [merging, setMerging] = useState<TThemeEntry | null>(null);
  const themes = vocabulary.data?.body.themes ?? [];
  const names = new Map(themes.map((t) => [t.key, t.name]));
  const nameOf = (key: string) => names.get(key) ?? key;
  const main = themes.filter((t) => t.mergedInto === null).sort(byCount);
  const merged = themes.filter((t) => t.mergedInto !== null).sort(byCount);

  const change = (theme: TThemeEntry, body: { hidden?: boolean; mergedInto?: null }, done: string) =>
    update.mutate(
      { params: { key: theme.key }, body },
      {
        onSuccess: () => toaster.success({ title: done }),
        onError: (error) => toaster.error({ title: apiErrorMessage(error) }),
      },
    );
  const actions: TThemeActions = {
    onRename: setRenaming,
    onMerge: setMerging,
    onToggleHidden: (t) =>
      change(
        t,
        { hidden: !t.hidden },
        t.hidden ? `“${t.name}” shows again` : `“${t.name}” is hidden from the dashboard and timeline`,
      ),
    onUnmerge: (t) => change(t, { mergedInto: null }, `“${t.name}” is a theme of its own again`),
    busyKey: update.isPending ? (update.variables?.params.key ?? null) : null,
  };

  return (
    <section aria-labelledby="page-title">
      <PageHeader
        title={paths.business.commentThemes.title}
        description="What your customers’ comments are about: your quick tags and the phrases they use most. Rename them in your own words, merge duplicates, hide what is not useful."
      />
      {!allowed ? (
        <AccessRefusal message={ACCESS_MESSAGES.forbidden} />
      ) : (
        <QueryStates
          query={vocabulary}
          loading={{ label: 'Loading comment themes', rows: 4, height: '16' }}
          what="comment themes"
          isEmpty={themes.length === 0}
          empty={
            <EmptyList
              icon={<LuTags />}
              title="No themes yet"
              description="Themes appear as customers leave comments with their ratings."
            />
          }
        >
          {() => (
            <Stack gap="8">
              <ThemeList themes={main} label="Themes" nameOf={nameOf} actions={actions} />
              {merged.length > 0 ? (
                <Stack as="section" aria-labelledby="merged-title" gap="3">
                  <Heading as="h2" id="merged-title" size="lg">
                    Merged themes
                  </Heading>
                  <Text color="fg.muted">Their comments count under the theme they are merged into.</Text>
                  <ThemeList themes={merged} label="Merged themes" nameOf={nameOf} actions={actions} />
                </Stack>
              ) : null}
            </Stack>
          )}
        </QueryStates>
      )}
      <RenameThemeDialog theme={renaming} onClose={() => setRenaming(null)} />
      <MergeThemeDialog
        theme={merging}
        targets={main.filter((t) => t.key !== merging?.key && !t.hidden)}
        onClose={() => setMerging(null)}
      />
    </section>
  );
}
