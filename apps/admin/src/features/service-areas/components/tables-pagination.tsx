import { useState, type ReactNode } from 'react';
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

/** A list's page (from 0) and page size; a new size starts at the first page. */
export function usePaging(initialPageSize: number) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(initialPageSize);
  return { page, pageSize, onPage: setPage, onPageSize: setPageSize };
}
export type Paging = ReturnType<typeof usePaging>;

/** A service area list in its card: the table (head and body as children), its paging below. */
export function PagedTable({
  label,
  count,
  paging,
  children,
}: {
  label: string;
  count: number;
  paging: Paging;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={label}>
          {children}
        </Table>
      </TableContainer>
      <TablesPagination count={count} {...paging} />
    </Paper>
  );
}
