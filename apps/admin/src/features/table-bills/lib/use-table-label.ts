import { useTranslation } from 'react-i18next';

/** "Table 14" for a table known by its number; a table with a title keeps its own name. */
export function useTableLabel(): (serviceArea: string) => string {
  const { t } = useTranslation('tableBills');
  return (serviceArea) =>
    /^\d+$/.test(serviceArea) ? t('tableNumber', { table: serviceArea }) : serviceArea;
}
