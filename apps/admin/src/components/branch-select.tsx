import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { localize } from '@app/contracts';
import { useTenantSession } from '../lib/use-tenant-session.ts';

/**
 * Narrows a page to one of the tenant's branches, or all of them ('' value) when `allLabel` is
 * given; shown only where the tenant has more than one branch.
 */
export function BranchSelect({
  label,
  allLabel,
  value,
  onChange,
  sx,
}: {
  label: string;
  allLabel?: string;
  value: string;
  onChange: (branchId: string) => void;
  sx?: SxProps<Theme>;
}) {
  const { lang, branches } = useTenantSession();
  if (branches.length <= 1) return null;
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={sx}
      slotProps={{ select: { displayEmpty: allLabel !== undefined }, inputLabel: { shrink: true } }}
    >
      {allLabel !== undefined && <MenuItem value="">{allLabel}</MenuItem>}
      {branches.map((b) => (
        <MenuItem key={b.branchId} value={b.branchId}>
          {localize(b.branchName, lang)}
        </MenuItem>
      ))}
    </TextField>
  );
}
