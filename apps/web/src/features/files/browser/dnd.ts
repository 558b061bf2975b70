import { useState, type DragEvent } from 'react';
import { create } from 'zustand';
import type { MoveTarget } from '../actions';
import { refOf, type Item } from '../items';

/** Our own drag type: items dragged inside the app (a drop elsewhere never sees it as files). */
export const DRAG_TYPE = 'application/x-filestore-items';

/**
 * What is being dragged right now. `dataTransfer` can only be read on drop, but targets must
 * refuse a drop into the dragged folder itself while the pointer is still over them.
 */
let dragged: Item[] = [];

export const isItemDrag = (e: DragEvent) => e.dataTransfer.types.includes(DRAG_TYPE);
export const isFileDrag = (e: DragEvent) => !isItemDrag(e) && e.dataTransfer.types.includes('Files');

/** The folder under the pointer while desktop files are dragged (the drop overlay names it). */
export const useFileDropTarget = create<{ name: string | null }>(() => ({ name: null }));
const setFileTarget = (name: string | null) => useFileDropTarget.setState({ name });

export function startItemDrag(e: DragEvent, items: Item[]) {
  dragged = items;
  e.dataTransfer.effectAllowed = 'move';
  e.dataTransfer.setData(DRAG_TYPE, JSON.stringify(items.map(refOf)));
  e.dataTransfer.setData('text/plain', items.map((i) => i.attributes.name).join('\n'));
  if (items.length > 1) {
    // A small badge instead of a ghost of the one row the pointer happened to grab.
    const badge = document.createElement('div');
    badge.textContent = String(items.length);
    badge.style.cssText =
      'position:fixed;top:-100px;left:-100px;min-width:32px;height:32px;padding:0 10px;border-radius:16px;background:var(--accent);color:white;font:600 14px/32px system-ui;text-align:center;';
    document.body.appendChild(badge);
    e.dataTransfer.setDragImage(badge, 16, 16);
    setTimeout(() => badge.remove(), 0);
  }
}

export function endItemDrag() {
  dragged = [];
}

/**
 * May the dragged items go into `target`? Not into one of themselves, not below a dragged folder
 * (`ancestors` lists the target's ancestors when known), and not where they already all are.
 */
export function canDropInto(target: MoveTarget, ancestors: readonly string[] = []): boolean {
  if (!dragged.length) return false;
  const ids = new Set(dragged.map((i) => i.id));
  if (target.id && ids.has(target.id)) return false;
  if (ancestors.some((a) => ids.has(a))) return false;
  return !dragged.every((i) => i.attributes.parent_id === target.id);
}

export interface DropHandlers {
  move: (items: Item[], target: MoveTarget) => void;
  /** Files and folders dragged from the desktop; absent where uploads make no sense (trash). */
  upload?: (dataTransfer: DataTransfer, folderId: string | null) => void;
}

interface DropOptions {
  target: MoveTarget;
  ancestors?: readonly string[];
  /** Passed down from the list, so a row adds no hooks of its own beyond one state. */
  on: DropHandlers;
}

/** Makes an element (folder row, breadcrumb segment, tree node) take items and desktop files. */
export function useFolderDrop({ target, ancestors, on }: DropOptions) {
  const [over, setOver] = useState(false);
  const accepts = (e: DragEvent) => (isItemDrag(e) ? canDropInto(target, ancestors) : !!on.upload && isFileDrag(e));
  return {
    over,
    handlers: {
      onDragEnter: (e: DragEvent) => {
        if (!accepts(e)) return;
        e.preventDefault();
        setOver(true);
        if (isFileDrag(e)) setFileTarget(target.name);
      },
      onDragOver: (e: DragEvent) => {
        if (!accepts(e)) return;
        e.preventDefault();
        e.stopPropagation();
        e.dataTransfer.dropEffect = isItemDrag(e) ? 'move' : 'copy';
        if (!over) setOver(true);
        if (isFileDrag(e) && useFileDropTarget.getState().name !== target.name) setFileTarget(target.name);
      },
      onDragLeave: (e: DragEvent) => {
        if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
        setOver(false);
        if (useFileDropTarget.getState().name === target.name) setFileTarget(null);
      },
      onDrop: (e: DragEvent) => {
        setOver(false);
        setFileTarget(null);
        if (!accepts(e)) return;
        e.preventDefault();
        e.stopPropagation();
        if (isItemDrag(e)) {
          const items = dragged;
          endItemDrag();
          on.move(items, target);
        } else {
          on.upload?.(e.dataTransfer, target.id);
        }
      },
    },
  };
}
