import type { Pixel } from 'ol/pixel';
import { useEffect, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { IdentifiedHit } from './identify';

type IdentifyListProps = {
  hits: readonly IdentifiedHit[];
  /** Where the click was, in the map's pixels: the list opens beside it. */
  pixel: Pixel;
  onPick: (hit: IdentifiedHit) => void;
  onClose: () => void;
};

/** Several features under one click: a short list beside the click to choose from. */
export function IdentifyList({ hits, pixel, onPick, onClose }: IdentifyListProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [x = 0, y = 0] = pixel;

  useEffect(() => {
    ref.current?.querySelector('button')?.focus();
  }, [hits]);

  const move = (step: number) => {
    const buttons = [...(ref.current?.querySelectorAll('button') ?? [])];
    const index = buttons.findIndex((button) => button === document.activeElement);
    buttons[(index + step + buttons.length) % buttons.length]?.focus();
  };

  return (
    <div
      ref={ref}
      className="map-tool-popover map-identify-list"
      role="dialog"
      aria-label={t('map_tools.identify_title')}
      // Beside the click, kept inside the map by CSS clamping of the custom properties.
      style={{ '--click-x': `${x}px`, '--click-y': `${y}px` } as CSSProperties}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          move(event.key === 'ArrowDown' ? 1 : -1);
        }
      }}
    >
      <p className="map-identify-heading">{t('map_tools.identify_title')}</p>
      <ul>
        {hits.map((hit) => (
          <li key={`${hit.layerId}/${hit.featureId}`}>
            <button type="button" onClick={() => onPick(hit)}>
              <span className="map-identify-layer">
                {t('map_tools.identify_item', { layer: hit.title, id: hit.featureId })}
              </span>
              {hit.label && (
                <>
                  {' '}
                  <span className="map-identify-label">{hit.label}</span>
                </>
              )}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
