/**
 * Escape hides the tooltip on show (WCAG 1.4.13: content shown on hover or focus can be
 * dismissed without moving the pointer or the focus). The icon buttons' names show through CSS
 * on hover and keyboard focus (`icon-label` in controls.css); a flag on the root element hides
 * them until the pointer enters another element or the focus moves.
 */
export function installTooltipDismiss(root: HTMLElement = document.documentElement): () => void {
  const owner = root.ownerDocument;
  const dismiss = (event: KeyboardEvent) => {
    if (event.key === 'Escape') root.dataset.tooltipsDismissed = '';
  };
  const restore = () => {
    delete root.dataset.tooltipsDismissed;
  };
  owner.addEventListener('keydown', dismiss, true);
  owner.addEventListener('pointerover', restore, true);
  owner.addEventListener('focusin', restore, true);
  return () => {
    owner.removeEventListener('keydown', dismiss, true);
    owner.removeEventListener('pointerover', restore, true);
    owner.removeEventListener('focusin', restore, true);
    restore();
  };
}
