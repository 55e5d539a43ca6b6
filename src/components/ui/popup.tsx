import { useEffect } from 'react';
import { Dialog, Heading } from 'react-aria-components';
import { DismissableModal } from './dismissable-modal';
import { usePopupStore } from '../../stores/popup-store';

/** docs/product.md#errors: success popups close by themselves after 1.5 s and have no confirm button. */
export const POPUP_AUTO_CLOSE_MS = 1500;

const ICONS = { success: '✓', error: '✕', info: 'i' } as const;

export function Popup() {
  const popup = usePopupStore((state) => state.popup);
  const close = usePopupStore((state) => state.close);

  useEffect(() => {
    if (!popup) return;
    const timer = setTimeout(close, POPUP_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [popup, close]);

  return (
    <DismissableModal isOpen={popup !== null} onClose={close} className="modal-popup">
      <Dialog className="dialog" aria-live="polite">
        {popup ? (
          <>
            <span className={`dialog-icon dialog-icon-${popup.tone}`} aria-hidden="true">
              {ICONS[popup.tone]}
            </span>
            <Heading slot="title" className="dialog-title">
              {popup.title}
            </Heading>
            {popup.text ? <p className="dialog-text">{popup.text}</p> : null}
          </>
        ) : null}
      </Dialog>
    </DismissableModal>
  );
}
