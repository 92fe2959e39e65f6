// /interface-settings: placeholder page until the stores feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function InterfaceSettingsPage() {
  return (
    <PagePlaceholder
      title={paths.business.interfaceSettings.title}
      description="Choose which rating screens each store offers its customers."
    />
  );
}
