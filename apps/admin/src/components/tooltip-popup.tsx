import Tooltip from '@mui/material/Tooltip';

/** MUI's tooltip shown at `anchor`, which LazyTooltip (lazy-tooltip.tsx) opens and closes. */
export default function TooltipPopup({
  title,
  anchor,
  open,
}: {
  title: string;
  anchor: Element;
  open: boolean;
}) {
  return (
    <Tooltip title={title} open={open} slotProps={{ popper: { anchorEl: anchor } }}>
      {/* The tooltip wants a child; the one it points at is `anchor`. */}
      <span hidden />
    </Tooltip>
  );
}
