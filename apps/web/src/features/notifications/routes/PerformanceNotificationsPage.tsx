// /settings-and-notifications: the business's alert rules (edit, add, delete, preview) and email quiet hours.
import { Button, Flex, NativeSelect, Stack } from '@chakra-ui/react';
import { NEW_RULE, RULE_TYPES, type TRuleType } from '@cx/contracts';
import { useState } from 'react';
import { LuBellRing, LuTags, LuUsers, LuTarget } from 'react-icons/lu';
import { Link } from 'react-router';
import { EmptyList, QueryStates } from '@/components/LoadState';
import { PageHeader } from '@/components/PageHeader';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useAction } from '@/lib/actions';
import { apiErrorMessage } from '@/lib/api-error';
import { useAccess } from '@/lib/role';
import { useStores } from '@/lib/stores-query';
import { RULE_LABELS, useCreateRule, useNotificationSettings, useRules } from '../api/rules';
import { QuietHoursCard } from '../components/QuietHoursCard';
import { RecentAlertsCard } from '../components/RecentAlertsCard';
import { RuleCard } from '../components/RuleCard';

function AddRule() {
  const [type, setType] = useState<TRuleType>('summary');
  const create = useCreateRule();
  const action = useAction('notifications.createRule');
  if (!action.allowed) return null;
  return (
    <Flex gap="2" wrap="wrap">
      <NativeSelect.Root width={{ base: 'full', sm: '64' }}>
        <NativeSelect.Field
          aria-label="Rule to add"
          value={type}
          onChange={(e) => setType(e.target.value as TRuleType)}
        >
          {RULE_TYPES.map((t) => (
            <option key={t} value={t}>
              {RULE_LABELS[t].title}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button
        {...action.attrs}
        colorPalette="brand"
        loading={create.isPending}
        onClick={() =>
          create.mutate(
            { body: NEW_RULE[type] },
            {
              onSuccess: (res) => toaster.success({ title: res.body.message }),
              onError: (error) => toaster.error({ title: apiErrorMessage(error) }),
            },
          )
        }
      >
        Add rule
      </Button>
    </Flex>
  );
}

/** The Team page lives outside the side navigation (the spec's twelve items stay): it is reached from here too (#21). */
function TeamLink() {
  const access = useAccess();
  if (!access.can('team:read')) return null;
  return (
    <Button asChild variant="outline">
      <Link to={paths.business.team.path}>
        <LuUsers aria-hidden /> Team and roles
      </Link>
    </Button>
  );
}

/** Owner/Admin: the comment themes page (#25), like Team reached from here rather than the side navigation. */
function ThemesLink() {
  const access = useAccess();
  if (!access.can('themes:manage')) return null;
  return (
    <Button asChild variant="outline">
      <Link to={paths.business.commentThemes.path}>
        <LuTags aria-hidden /> Comment themes
      </Link>
    </Button>
  );
}

/** Every role: the targets page (#35), where editors set them and others read them. */
function TargetsLink() {
  return (
    <Button asChild variant="outline">
      <Link to={paths.business.targets.path}>
        <LuTarget aria-hidden /> Targets
      </Link>
    </Button>
  );
}

export function PerformanceNotificationsPage() {
  const rules = useRules();
  const settings = useNotificationSettings();
  const stores = useStores();
  const list = rules.data?.body.data ?? [];
  const storeList = (stores.data?.body.stores ?? []).map((s) => ({ _id: s._id, name: s.name }));
  return (
    <section aria-labelledby="page-title" data-feature="notifications">
      <PageHeader
        title={paths.business.settingsAndNotifications.title}
        description="Decide when you hear about changes in performance: in the bell always, by email when you choose."
        actions={
          <>
            <TeamLink />
            <ThemesLink />
            <TargetsLink />
            <AddRule />
          </>
        }
      />
      <Stack gap="4">
        <RecentAlertsCard />
        <QueryStates
          query={rules}
          loading={{ label: 'Loading alert rules', rows: 3, height: '40' }}
          what="alert rules"
          isEmpty={list.length === 0}
          empty={
            <EmptyList
              icon={<LuBellRing />}
              title="No alert rules"
              description="Add a rule to be told when something changes."
            />
          }
        >
          {() =>
            list.map((rule) => (
              <RuleCard key={`${rule._id}-${rule.updatedAt}`} rule={rule} stores={storeList} />
            ))
          }
        </QueryStates>
        <QueryStates
          query={settings}
          loading={{ label: 'Loading quiet hours', rows: 1, height: '24' }}
          what="quiet hours"
        >
          {() => <QuietHoursCard settings={settings.data!.body} />}
        </QueryStates>
      </Stack>
    </section>
  );
}
