import {
  cloneElement,
  lazy,
  Suspense,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';

/** MUI's Tooltip brings Popper (some 15 kB of script): the landing and the shell go without. */
const TooltipPopup = lazy(() => import('./tooltip-popup.tsx'));

/**
 * MUI's tooltip for a mouse over the child or a keyboard focus on it, its code loaded the first
 * time one comes. The child stays as it is (never mounted anew, so neither a click nor the focus
 * is lost) and carries the title as its accessible name, as MUI's tooltip gives it. A touch
 * shows none.
 */
export function LazyTooltip({
  title,
  children,
}: {
  title: string;
  children: ReactElement<{ 'aria-label'?: string }>;
}) {
  const [target, setTarget] = useState<Element | null>(null);
  const [open, setOpen] = useState(false);
  const show = (element: EventTarget) => {
    if (element instanceof Element) setTarget(element);
    setOpen(true);
  };

  return (
    <span
      style={{ display: 'contents' }}
      onPointerEnter={(event: PointerEvent) => {
        if (event.pointerType === 'mouse')
          show(event.currentTarget.firstElementChild ?? event.target);
      }}
      onPointerLeave={() => setOpen(false)}
      onFocus={(event: FocusEvent) => {
        if (event.target.matches(':focus-visible')) show(event.target);
      }}
      onBlur={() => setOpen(false)}
    >
      {children.props['aria-label'] ? children : cloneElement(children, { 'aria-label': title })}
      {target && (
        <Suspense fallback={null}>
          <TooltipPopup title={title} anchor={target} open={open} />
        </Suspense>
      )}
    </span>
  );
}
