import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import { LIMITS_SERVICE_AREAS } from '@app/contracts';
import { useTranslation } from 'react-i18next';

/** The service area lists' paging: the contract's page sizes; a new size starts at page 1. */
type PagingProps = {
  count: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
};

function TablesPagination({ count, page, pageSize, onPage, onPageSize }: PagingProps) {
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

/** A service area list in its card: the table (head and body as children), its paging below. */
export function PagedTable({
  label,
  children,
  ...paging
}: PagingProps & { label: string; children: ReactNode }) {
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={label}>
          {children}
        </Table>
      </TableContainer>
      <TablesPagination {...paging} />
    </Paper>
  );
}
