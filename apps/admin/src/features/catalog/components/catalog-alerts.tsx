import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { localize, type TreeNode } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { itemsWithoutTaxes } from '../../../lib/catalog-tree.ts';

const LISTED = 12;

/** The warning of screen 5 listing the items that have no tax. */
export function ItemsWithoutTaxesWarning({ tree }: { tree: TreeNode }) {
  const { t } = useTranslation('catalog');
  const { lang } = useTenantSession();
  const items = itemsWithoutTaxes(tree);
  if (items.length === 0) return null;
  const names = items.slice(0, LISTED).map((item) => localize(item.title, lang));
  const more = items.length - names.length;
  return (
    <Alert severity="warning" data-testid="items-without-taxes">
      <AlertTitle>{t('alerts.noTaxesTitle', { count: items.length })}</AlertTitle>
      {names.join(t('listSeparator'))}
      {more > 0 && ` ${t('alerts.andMore', { count: more })}`}
    </Alert>
  );
}
