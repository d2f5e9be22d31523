import Typography from '@mui/material/Typography';
import { formatMoney, type TreeNode } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { displayPrice } from '../../../lib/price.ts';
import { useCatalogSession } from '../api/use-catalog-session.ts';

/** An item's price; "Starts from" the lowest one when it has more than one variant. */
export function PriceText({ variants }: { variants: TreeNode['variants'] }) {
  const { t } = useTranslation('catalog');
  const { currency, lang } = useCatalogSession();
  const price = displayPrice(variants);
  if (!price) return null;
  const text = formatMoney(price.amount, currency, lang);
  return (
    <Typography variant="body2" sx={{ fontWeight: 600 }}>
      {price.startsFrom ? t('item.startsFrom', { price: text }) : text}
    </Typography>
  );
}
