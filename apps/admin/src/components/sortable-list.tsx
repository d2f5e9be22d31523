import type { ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';

export interface SortableListProps<T> {
  items: readonly T[];
  getId: (item: T) => string;
  /** Called with the list in its new order after a drop that changed it. */
  onReorder: (items: T[], from: number, to: number) => void;
  renderItem: (item: T, index: number) => ReactNode;
  /** The accessible name of an item's drag handle, e.g. "Reorder Hummus". */
  handleLabel: (item: T, index: number) => string;
  disabled?: boolean;
  /** Translated screen-reader texts for keyboard dragging. */
  accessibility?: {
    announcements?: Announcements;
    screenReaderInstructions?: ScreenReaderInstructions;
  };
  /** Accessible name of the list. */
  label?: string;
}

/**
 * A vertical list reordered by dragging a handle with the pointer, or with the keyboard: focus
 * a handle, Space to pick up, arrows to move, Space to drop, Escape to cancel.
 */
export function SortableList<T>({
  items,
  getId,
  onReorder,
  renderItem,
  handleLabel,
  disabled = false,
  accessibility,
  label,
}: SortableListProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(getId);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove([...items], from, to), from, to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={accessibility}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <Box component="ol" aria-label={label} sx={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item, index) => (
            <SortableRow
              key={ids[index]}
              id={ids[index]!}
              handleLabel={handleLabel(item, index)}
              disabled={disabled}
            >
              {renderItem(item, index)}
            </SortableRow>
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  id,
  handleLabel,
  disabled,
  children,
}: {
  id: string;
  handleLabel: string;
  disabled: boolean;
  children: ReactNode;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id, disabled });
  return (
    <Box
      component="li"
      ref={setNodeRef}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
        opacity: isDragging ? 0.85 : 1,
        boxShadow: isDragging ? 4 : 'none',
        bgcolor: 'background.paper',
        borderRadius: 1,
      }}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={handleLabel}
        disabled={disabled}
        size="small"
        sx={{ cursor: disabled ? 'default' : 'grab', touchAction: 'none', marginBlockStart: 0.5 }}
      >
        <DragIndicatorIcon fontSize="small" />
      </IconButton>
      <Box sx={{ flexGrow: 1, minInlineSize: 0 }}>{children}</Box>
    </Box>
  );
}
