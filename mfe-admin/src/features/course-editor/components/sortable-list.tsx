/**
 * A vertical list reordered by drag and drop (@dnd-kit), by pointer or by keyboard: focus an item's
 * handle, Space or Enter to pick it up, the arrow keys to move it, Space or Enter to drop it, Escape to
 * put it back. Screen readers hear each step with the item's name.
 */
import { useMemo, useRef } from 'react';
import type { ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type {
  Announcements,
  DragEndEvent,
  DragStartEvent,
  DraggableAttributes,
  DraggableSyntheticListeners,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { cn } from '@platform/ui';
import { moveId } from '../lib/reorder';

export interface DragHandleProps {
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
  isDragging: boolean;
}

function SortableItem({
  id,
  as: Tag,
  children,
}: {
  id: number;
  as: 'li' | 'div';
  children: (handle: DragHandleProps) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  return (
    <Tag
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn('relative', isDragging && 'z-10 opacity-90 shadow-lg')}
    >
      {children({ attributes, listeners, setActivatorNodeRef, isDragging })}
    </Tag>
  );
}

export function SortableList<Item extends { id: number }>({
  items,
  label,
  nameOf,
  onReorder,
  renderItem,
  className,
}: {
  items: readonly Item[];
  /** What the list holds, for the announcements ('lesson', 'section'). */
  label: string;
  nameOf: (item: Item) => string;
  onReorder: (ids: number[]) => void;
  renderItem: (item: Item, handle: DragHandleProps) => ReactNode;
  className?: string;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => item.id);
  const name = (id: number | string) => {
    const item = items.find((candidate) => candidate.id === id);
    return item ? `${label} “${nameOf(item)}”` : label;
  };
  const position = (id: number | string) => `position ${ids.indexOf(Number(id)) + 1} of ${ids.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, at ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${name(active.id)} is over ${position(over.id)}.`
        : `${name(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} dropped at ${position(over.id)}.` : `${name(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled; it is back where it was.`,
  };

  // A keyboard drag moves item by item and the sensor keeps it in view; scrolling the page on its own
  // (as for a pointer near the window's edge) would carry the item past the others with no key pressed.
  // A ref, not state: it must hold from the drag's first frame, before any re-render.
  const byKeyboard = useRef(false);
  const autoScroll = useMemo(() => ({ canScroll: () => !byKeyboard.current }), []);
  const onDragStart = ({ activatorEvent }: DragStartEvent) => {
    byKeyboard.current = activatorEvent instanceof KeyboardEvent;
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    byKeyboard.current = false;
    if (!over || active.id === over.id) return;
    onReorder(moveId(ids, Number(active.id), Number(over.id)));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      autoScroll={autoScroll}
      // Measured before a drag starts too, so the first "over" is never taken from stale positions.
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        byKeyboard.current = false;
      }}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: `To move this ${label}, press Space or Enter, use the up and down arrow keys, then press Space or Enter again to drop it, or Escape to cancel.`,
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul className={className}>
          {items.map((item) => (
            <SortableItem key={item.id} id={item.id} as="li">
              {(handle) => renderItem(item, handle)}
            </SortableItem>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

/** The grip an item is dragged by (and picked up with the keyboard). */
export function DragHandle({ handle, label }: { handle: DragHandleProps; label: string }) {
  return (
    <button
      type="button"
      ref={handle.setActivatorNodeRef}
      {...handle.attributes}
      {...handle.listeners}
      aria-label={label}
      className={cn(
        'flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground',
        'hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        handle.isDragging && 'cursor-grabbing',
      )}
    >
      <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4 fill-current">
        <circle cx="7" cy="5" r="1.5" />
        <circle cx="13" cy="5" r="1.5" />
        <circle cx="7" cy="10" r="1.5" />
        <circle cx="13" cy="10" r="1.5" />
        <circle cx="7" cy="15" r="1.5" />
        <circle cx="13" cy="15" r="1.5" />
      </svg>
    </button>
  );
}
