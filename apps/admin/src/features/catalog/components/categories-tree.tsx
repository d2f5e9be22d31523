import { useEffect, useMemo, useRef, useState } from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragMoveEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import { localize, type TreeNode } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { mirrorInRtl } from '../../../lib/direction.ts';
import { useCatalogSession } from '../api/use-catalog-session.ts';
import { dropVerdict, type DropTarget, type DropVerdict } from '../lib/drop-rules.ts';
import { findNode, itemsOf, sectionsOf } from '../../../lib/catalog-tree.ts';
import { useDragAccessibility } from './use-drag-accessibility.ts';

export interface TreeRow {
  node: TreeNode;
  depth: number;
  parentId: string | null;
}

/** The visible sections in display order; the children of collapsed ones are left out. */
export function visibleRows(root: TreeNode, collapsed: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const visit = (node: TreeNode, depth: number, parentId: string | null) => {
    for (const section of sectionsOf(node)) {
      rows.push({ node: section, depth, parentId });
      if (!collapsed.has(section.id)) visit(section, depth + 1, section.id);
    }
  };
  visit(root, 0, null);
  return rows;
}

export type DropZone = 'before' | 'onto' | 'after';

/** The top and bottom quarters of a row drop beside it; the middle half drops into it. */
export function zoneAt(centerY: number, rect: { top: number; height: number }): DropZone {
  const ratio = (centerY - rect.top) / rect.height;
  if (ratio < 0.25) return 'before';
  if (ratio > 0.75) return 'after';
  return 'onto';
}

/** The drop target for a zone of the row `overId` while `activeId` is dragged. */
export function targetFor(
  root: TreeNode,
  rows: readonly TreeRow[],
  activeId: string,
  overId: string,
  zone: DropZone,
): DropTarget | null {
  if (overId === activeId) return null;
  if (zone === 'onto') return { kind: 'onto', nodeId: overId };
  const row = rows.find((r) => r.node.id === overId);
  if (!row) return null;
  const parent = row.parentId === null ? root : findNode(root, row.parentId);
  if (!parent) return null;
  const siblings = sectionsOf(parent).filter((s) => s.id !== activeId);
  const index = siblings.findIndex((s) => s.id === overId);
  return { kind: 'between', parentId: row.parentId, index: zone === 'before' ? index : index + 1 };
}

/** A drop that leaves the section where it is: nothing to send. */
export function isNoOp(root: TreeNode, nodeId: string, verdict: DropVerdict): boolean {
  if (!verdict.allowed) return false;
  const node = findNode(root, nodeId);
  if (!node || (node.parentId ?? null) !== verdict.parentId) return false;
  const parent = verdict.parentId === null ? root : findNode(root, verdict.parentId);
  const siblings = parent ? sectionsOf(parent) : [];
  return siblings.findIndex((s) => s.id === nodeId) === verdict.newIndex;
}

const ROW_STEP = 16;
const INDENT = 3;

/** Arrow keys move the dragged section a third of a row: before, into, after each row. */
const keyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  if (event.code === 'ArrowDown')
    return { ...currentCoordinates, y: currentCoordinates.y + ROW_STEP };
  if (event.code === 'ArrowUp')
    return { ...currentCoordinates, y: currentCoordinates.y - ROW_STEP };
  return undefined;
};

/** The row whose height holds the dragged row's vertical centre (rows span the full width). */
const rowAtCenter: CollisionDetection = ({
  collisionRect,
  droppableContainers,
  droppableRects,
}) => {
  const centerY = collisionRect.top + collisionRect.height / 2;
  return droppableContainers.flatMap((container) => {
    const rect = droppableRects.get(container.id);
    if (!rect || centerY < rect.top || centerY > rect.top + rect.height) return [];
    return [{ id: container.id, data: { droppableContainer: container, value: 0 } }];
  });
};

interface DragState {
  activeId: string;
  overId: string | null;
  zone: DropZone | null;
  target: DropTarget | null;
  verdict: DropVerdict | null;
}

export interface CategoriesTreeProps {
  root: TreeNode;
  /** A move or reload is under way: dragging is blocked. */
  loading: boolean;
  /** Owners of a menu that is not integrated move sections; others only look. */
  canMove: boolean;
  /** The store view is delivery focused: main sections cannot move, nor sections become one. */
  mainSectionsLocked?: boolean;
  onMove: (nodeId: string, verdict: Extract<DropVerdict, { allowed: true }>) => void;
  onRefused: (nodeId: string, verdict: Extract<DropVerdict, { allowed: false }>) => void;
}

/** The drag-and-drop tree of sections (menu-management.md §2 screen 4); all start expanded. */
export function CategoriesTree({
  root,
  loading,
  canMove,
  mainSectionsLocked = false,
  onMove,
  onRefused,
}: CategoriesTreeProps) {
  const { t } = useTranslation('catalog');
  const { lang } = useCatalogSession();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [drag, setDrag] = useState<DragState | null>(null);
  const rows = useMemo(() => visibleRows(root, collapsed), [root, collapsed]);
  const titleOf = (id: string) => {
    const node = findNode(root, id);
    return node ? localize(node.title, lang) : id;
  };
  const accessibility = useDragAccessibility(titleOf);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );
  const status = useDropStatus(drag, titleOf);

  const track = (event: DragMoveEvent) => {
    const activeId = String(event.active.id);
    const translated = event.active.rect.current.translated;
    const over = event.over;
    if (!over || !translated) {
      setDrag({ activeId, overId: null, zone: null, target: null, verdict: null });
      return;
    }
    const zone = zoneAt(translated.top + translated.height / 2, over.rect);
    const target = targetFor(root, rows, activeId, String(over.id), zone);
    const verdict = target
      ? dropVerdict(root, activeId, target, loading, mainSectionsLocked)
      : null;
    setDrag((prev) =>
      prev?.overId === over.id && prev.zone === zone && prev.verdict?.allowed === verdict?.allowed
        ? prev
        : { activeId, overId: String(over.id), zone, target, verdict },
    );
  };

  const finish = () => {
    const current = drag;
    setDrag(null);
    if (!current?.verdict) return;
    if (current.verdict.allowed) {
      if (!isNoOp(root, current.activeId, current.verdict))
        onMove(current.activeId, current.verdict);
    } else {
      onRefused(current.activeId, current.verdict);
    }
  };

  const toggle = (id: string) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={rowAtCenter}
      accessibility={accessibility}
      onDragStart={(event) =>
        setDrag({
          activeId: String(event.active.id),
          overId: null,
          zone: null,
          target: null,
          verdict: null,
        })
      }
      onDragMove={track}
      onDragEnd={finish}
      onDragCancel={() => setDrag(null)}
    >
      <Typography
        role="status"
        aria-live="polite"
        variant="body2"
        sx={{
          minBlockSize: 24,
          color: drag?.verdict && !drag.verdict.allowed ? 'error.main' : 'text.secondary',
        }}
      >
        {status}
      </Typography>
      <Paper
        variant="outlined"
        component="ul"
        aria-label={t('tree.label')}
        aria-busy={loading}
        sx={{ listStyle: 'none', margin: 0, paddingBlock: 0.5, paddingInline: 0 }}
      >
        {rows.map((row) => (
          <TreeRowView
            key={row.node.id}
            row={row}
            title={localize(row.node.title, lang)}
            parentTitle={row.parentId ? titleOf(row.parentId) : null}
            expanded={!collapsed.has(row.node.id)}
            onToggle={() => toggle(row.node.id)}
            canDrag={canMove && !loading}
            showHandle={canMove}
            drag={drag}
          />
        ))}
      </Paper>
      <DragOverlay dropAnimation={null}>
        {drag ? (
          <Paper
            elevation={6}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              paddingInline: 1.5,
              paddingBlock: 1,
            }}
          >
            <DragIndicatorIcon fontSize="small" />
            <Typography noWrap>{titleOf(drag.activeId)}</Typography>
          </Paper>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

function useDropStatus(drag: DragState | null, titleOf: (id: string) => string): string {
  const { t } = useTranslation('catalog');
  if (!drag) return '';
  const name = titleOf(drag.activeId);
  if (!drag.verdict || !drag.target) return t('tree.status.dragging', { name });
  if (!drag.verdict.allowed) return t(`tree.refusal.${drag.verdict.reason}`, { name });
  if (drag.target.kind === 'onto') {
    return t('tree.status.into', { name, target: titleOf(drag.target.nodeId) });
  }
  return drag.target.parentId === null
    ? t('tree.status.topLevel', { name, position: drag.verdict.newIndex + 1 })
    : t('tree.status.between', {
        name,
        target: titleOf(drag.target.parentId),
        position: drag.verdict.newIndex + 1,
      });
}

function TreeRowView({
  row,
  title,
  parentTitle,
  expanded,
  onToggle,
  canDrag,
  showHandle,
  drag,
}: {
  row: TreeRow;
  title: string;
  parentTitle: string | null;
  expanded: boolean;
  onToggle: () => void;
  canDrag: boolean;
  showHandle: boolean;
  drag: DragState | null;
}) {
  const { t } = useTranslation('catalog');
  const { node } = row;
  const draggable = useDraggable({ id: node.id, disabled: !canDrag });
  const droppable = useDroppable({ id: node.id });
  const handleRef = useRef<HTMLButtonElement | null>(null);
  const subSections = sectionsOf(node).length;
  const items = itemsOf(node).length;
  const isTarget = drag?.overId === node.id && drag.verdict !== null;
  const allowed = drag?.verdict?.allowed ?? false;
  const zone = isTarget ? drag.zone : null;
  const dragging = drag?.activeId === node.id;

  // Keep the handle focused after a keyboard drop re-renders the tree.
  useEffect(() => {
    if (dragging) handleRef.current?.focus();
  }, [dragging]);

  return (
    <Box
      component="li"
      ref={(el: HTMLLIElement | null) => {
        droppable.setNodeRef(el);
        draggable.setNodeRef(el);
      }}
      data-testid={`tree-row-${node.id}`}
      data-title={title}
      data-depth={row.depth}
      data-parent-id={row.parentId ?? ''}
      sx={(theme) => {
        const color = allowed ? theme.palette.success.main : theme.palette.error.main;
        return {
          position: 'relative',
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          minBlockSize: 48,
          paddingInlineStart: 1 + row.depth * INDENT,
          paddingInlineEnd: 1,
          opacity: dragging ? 0.45 : 1,
          bgcolor: zone === 'onto' ? alpha(color, 0.14) : 'transparent',
          outline: zone === 'onto' ? `2px dashed ${color}` : 'none',
          outlineOffset: -2,
          '&::after':
            zone === 'before' || zone === 'after'
              ? {
                  content: '""',
                  position: 'absolute',
                  insetInlineStart: theme.spacing(1 + row.depth * INDENT),
                  insetInlineEnd: 8,
                  [zone === 'before' ? 'insetBlockStart' : 'insetBlockEnd']: -1,
                  blockSize: 3,
                  borderRadius: 2,
                  bgcolor: color,
                }
              : undefined,
        };
      }}
    >
      {showHandle && (
        <IconButton
          ref={(el) => {
            draggable.setActivatorNodeRef(el);
            handleRef.current = el;
          }}
          {...draggable.attributes}
          {...draggable.listeners}
          disabled={!canDrag}
          size="small"
          aria-label={
            parentTitle
              ? t('tree.moveIn', { section: title, parent: parentTitle })
              : t('tree.move', { section: title })
          }
          sx={{ cursor: canDrag ? 'grab' : 'default', touchAction: 'none' }}
        >
          <DragIndicatorIcon fontSize="small" />
        </IconButton>
      )}
      {subSections > 0 ? (
        <IconButton
          size="small"
          onClick={onToggle}
          aria-expanded={expanded}
          aria-label={t(expanded ? 'tree.collapse' : 'tree.expand', { section: title })}
        >
          {expanded ? <ExpandMoreIcon /> : <ChevronRightIcon sx={mirrorInRtl} />}
        </IconButton>
      ) : (
        <Box sx={{ inlineSize: 34, flexShrink: 0 }} />
      )}
      <FolderOutlinedIcon fontSize="small" color="action" />
      <Typography sx={{ flexGrow: 1, minInlineSize: 0, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {!node.active && <Chip size="small" label={t('chips.hidden')} />}
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ flexShrink: 0, display: { xs: 'none', sm: 'block' } }}
      >
        {t('tree.count', { items, sections: subSections })}
      </Typography>
    </Box>
  );
}
