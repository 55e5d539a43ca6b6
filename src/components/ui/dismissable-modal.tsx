import type { ReactNode } from 'react';
import { Modal, ModalOverlay } from 'react-aria-components';

type DismissableModalProps = {
  isOpen: boolean;
  /** Called when a click outside or Escape closes it. */
  onClose: () => void;
  /** The frame's own class beside `modal` (its width, its look). */
  className?: string;
  /** The dialog inside. */
  children: ReactNode;
};

/** The app's modal frame over a dimmed page, closed by a click outside it or by Escape. */
export function DismissableModal({ isOpen, onClose, className, children }: DismissableModalProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      isDismissable
      onOpenChange={(open) => (open ? undefined : onClose())}
      className="modal-overlay"
    >
      <Modal className={['modal', className].filter(Boolean).join(' ')}>{children}</Modal>
    </ModalOverlay>
  );
}
