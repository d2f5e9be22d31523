import TablePagination from '@mui/material/TablePagination';
import { LIMITS_SERVICE_AREAS } from '@app/contracts';
import { useTranslation } from 'react-i18next';

/** The service area lists' paging: the contract's page sizes; a new size starts at page 1. */
export function TablesPagination({
  count,
  page,
  pageSize,
  onPage,
  onPageSize,
}: {
  count: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}) {
  const { t } = useTranslation('serviceAreas');
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...LIMITS_SERVICE_AREAS.pageSizes]}
      labelRowsPerPage={t('tables.rowsPerPage')}
      onPageChange={(_e, p) => onPage(p)}
      onRowsPerPageChange={(event) => {
        onPageSize(Number(event.target.value));
        onPage(0);
      }}
    />
  );
}
