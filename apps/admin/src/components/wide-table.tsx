import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

export interface WideTableColumn {
  key: string;
  label: string;
  /** Amounts and actions line up at the end of the row. */
  end?: boolean;
}

/**
 * A table of many columns that a narrow screen scrolls sideways, headings on one line each;
 * the rows (a TableBody) are the children.
 */
export function WideTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: readonly WideTableColumn[];
  children: ReactNode;
}) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={c.end ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        {children}
      </Table>
    </TableContainer>
  );
}
