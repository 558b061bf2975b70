/**
 * The Radix menus behind ui/Menu.tsx, in a chunk of their own: the first paint of a screen does not
 * need them, so Menu.tsx loads this when the browser is idle (or at the first click on a menu).
 */

import * as RadixContext from '@radix-ui/react-context-menu';
import * as RadixDropdown from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { cn } from './cn';
import type { ContextProps, DropdownProps, MenuAction, PanelProps } from './Menu';

const contentClass =
  'z-60 min-w-56 max-w-[calc(100vw-1.5rem)] overflow-y-auto rounded-2xl bg-white p-1.5 shadow-xl ring-1 ring-neutral-200 data-[state=open]:animate-[pop-in_110ms_ease-out] dark:bg-neutral-900 dark:ring-neutral-800';
const itemClass = cn(
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 text-sm font-medium outline-none select-none sm:min-h-10',
  'text-neutral-800 data-[highlighted]:bg-neutral-100 dark:text-neutral-100 dark:data-[highlighted]:bg-neutral-800',
  'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-45',
);
const dangerClass = 'text-red-600 data-[highlighted]:bg-red-50 dark:text-red-400 dark:data-[highlighted]:bg-red-950/50';
const separatorClass = 'my-1 h-px bg-neutral-200 dark:bg-neutral-800';

type Parts = typeof RadixDropdown | typeof RadixContext;

function Items({ parts, actions, header }: { parts: Parts; actions: MenuAction[]; header?: ReactNode }) {
  const { Item, Separator, Label } = parts;
  return (
    <>
      {header && (
        <>
          <Label className="truncate px-3 pt-1.5 pb-2 text-xs font-semibold text-neutral-500 dark:text-neutral-400">
            {header}
          </Label>
          <Separator className={separatorClass} />
        </>
      )}
      {actions.map((action, index) => {
        const Icon = action.icon;
        const previous = actions[index - 1];
        return (
          <Fragment key={action.id}>
            {previous && previous.group !== action.group && <Separator className={separatorClass} />}
            <Item
              disabled={action.disabled}
              onSelect={action.onSelect}
              aria-keyshortcuts={action.shortcut}
              {...(action.checked === undefined ? {} : { role: 'menuitemradio', 'aria-checked': action.checked })}
              className={cn(itemClass, action.danger && dangerClass)}
            >
              {Icon && <Icon className="size-4.5 shrink-0 opacity-80" aria-hidden />}
              <span className="min-w-0 flex-1 truncate">{action.label}</span>
              {action.checked && <Check className="size-4 shrink-0 text-accent-strong dark:text-accent" aria-hidden />}
              {action.shortcut && (
                <kbd className="font-sans text-xs text-neutral-600 max-sm:hidden dark:text-neutral-400">
                  {action.shortcut}
                </kbd>
              )}
            </Item>
          </Fragment>
        );
      })}
    </>
  );
}

/** A menu opened by a button (click, Enter, Space or ArrowDown); arrow keys move, Escape closes. */
export function RadixDropdownMenu({
  trigger,
  actions,
  header,
  align = 'end',
  side = 'bottom',
  open,
  onOpenChange,
}: DropdownProps) {
  return (
    <RadixDropdown.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <RadixDropdown.Trigger asChild>{trigger}</RadixDropdown.Trigger>
      <RadixDropdown.Portal>
        <RadixDropdown.Content
          align={align}
          side={side}
          sideOffset={6}
          collisionPadding={12}
          className={cn(contentClass, 'max-h-(--radix-dropdown-menu-content-available-height)')}
        >
          <Items parts={RadixDropdown} actions={typeof actions === 'function' ? actions() : actions} header={header} />
        </RadixDropdown.Content>
      </RadixDropdown.Portal>
    </RadixDropdown.Root>
  );
}

export function RadixDropdownPanel({
  trigger,
  label,
  children,
  side = 'right',
  className,
  open,
  onOpenChange,
}: PanelProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <RadixDropdown.Root open={open} onOpenChange={onOpenChange}>
      <RadixDropdown.Trigger asChild>{trigger}</RadixDropdown.Trigger>
      <RadixDropdown.Portal>
        <RadixDropdown.Content
          side={side}
          align="start"
          sideOffset={8}
          className={cn(
            'z-60 rounded-2xl bg-white p-2 shadow-xl ring-1 ring-neutral-200 dark:bg-neutral-900 dark:ring-neutral-800',
            className,
          )}
        >
          <div className="flex items-center justify-between px-3 py-2">
            <RadixDropdown.Label className="text-sm font-semibold text-neutral-900 dark:text-white">
              {label}
            </RadixDropdown.Label>
          </div>
          {children}
        </RadixDropdown.Content>
      </RadixDropdown.Portal>
    </RadixDropdown.Root>
  );
}

/** The right-click menu of an area; a long press opens it on touch screens. */
export function RadixContextMenu({ children, actions, header, onOpenChange }: ContextProps) {
  return (
    <RadixContext.Root modal={false} onOpenChange={onOpenChange}>
      <RadixContext.Trigger asChild>{children}</RadixContext.Trigger>
      <RadixContext.Portal>
        <RadixContext.Content
          collisionPadding={12}
          className={cn(contentClass, 'max-h-(--radix-context-menu-content-available-height)')}
        >
          <ContextItems actions={actions} header={header} />
        </RadixContext.Content>
      </RadixContext.Portal>
    </RadixContext.Root>
  );
}

function ContextItems({ actions, header }: Pick<ContextProps, 'actions' | 'header'>) {
  const list = actions();
  return <Items parts={RadixContext} actions={list} header={header?.()} />;
}
