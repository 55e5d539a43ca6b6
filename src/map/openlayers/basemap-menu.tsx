import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BasemapChoice } from '../tools/basemap-choice';

type BasemapMenuProps = {
  id: string;
  offered: readonly BasemapChoice[];
  current: BasemapChoice;
  onChoose: (choice: BasemapChoice) => void;
  onClose: () => void;
};

/** The basemap choices beside their button: native radios, so arrows move and Escape closes. */
export function BasemapMenu({ id, offered, current, onChoose, onClose }: BasemapMenuProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLFieldSetElement>(null);

  useEffect(() => {
    ref.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
    const onPointer = (event: PointerEvent) => {
      const anchor = ref.current?.parentElement;
      if (anchor && event.target instanceof Node && !anchor.contains(event.target)) onClose();
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [onClose]);

  return (
    <fieldset
      ref={ref}
      id={id}
      className="map-tool-popover map-basemap-menu"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose();
        ref.current?.parentElement?.querySelector<HTMLButtonElement>('button')?.focus();
      }}
    >
      <legend>{t('map_tools.basemap')}</legend>
      {offered.map((choice) => (
        <label key={choice} className="map-basemap-choice">
          <input
            type="radio"
            name={`${id}-choice`}
            value={choice}
            checked={choice === current}
            onChange={() => onChoose(choice)}
          />
          {t(`map_tools.basemaps.${choice}`)}
        </label>
      ))}
    </fieldset>
  );
}
