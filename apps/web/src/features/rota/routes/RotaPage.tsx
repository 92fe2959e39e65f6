// /rota: placeholder page until the rota feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function RotaPage() {
  return <PagePlaceholder title={paths.business.rota.title} description="Plan shifts for every store." />;
}
