import type { KeyboardEvent, ReactNode } from 'react';

type DrawerProps = {
  /** The edge it opens from on wide screens; below lg every drawer is a bottom sheet. */
  side: 'start' | 'end';
  isOpen: boolean;
  /** Escape inside the drawer calls it. */
  onClose: () => void;
  children: ReactNode;
  id?: string;
  className?: string;
  /** Keeps the content mounted (hidden) while closed, so forms in it keep what was typed. */
  keepMounted?: boolean;
};

/**
 * A non-modal panel floating over the page's main content (the map stays usable beside
 * it). The content names itself (a heading or a labelled landmark inside).
 */
export function Drawer({ side, isOpen, onClose, children, id, className, keepMounted }: DrawerProps) {
  if (!isOpen && !keepMounted) return null;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };
  return (
    <div
      id={id}
      className={['drawer', `drawer-${side}`, className].filter(Boolean).join(' ')}
      hidden={!isOpen}
      onKeyDown={onKeyDown}
    >
      {children}
    </div>
  );
}
