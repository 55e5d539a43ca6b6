import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nextViewRequestNonce, viewsDiffer, type MapViewModel, type ViewRequest } from '../../map';
import { lastViewedMapId } from './last-map';
import { MapPicker } from './map-picker';
import { ShownMap } from './shown-map';

/** /map2: two maps side by side; moving one moves the other. */
export function TwoMapsScreen() {
  const { t } = useTranslation();
  const [left, setLeft] = useState<number | null>(lastViewedMapId);
  const [right, setRight] = useState<number | null>(lastViewedMapId);
  const [requests, setRequests] = useState<{ left: ViewRequest | null; right: ViewRequest | null }>({
    left: null,
    right: null,
  });
  const [shared, setShared] = useState<MapViewModel | null>(null);

  // A moved map tells the other one; a map that arrived where it was asked to go says
  // nothing new, which is what stops the two from echoing each other forever.
  const follow = useCallback(
    (from: 'left' | 'right', view: MapViewModel) => {
      if (shared && !viewsDiffer(shared, view)) return;
      setShared(view);
      const request = { nonce: nextViewRequestNonce(), view };
      setRequests((current) =>
        from === 'left' ? { ...current, right: request } : { ...current, left: request },
      );
    },
    [shared],
  );

  return (
    <section className="page map-viewer-page" aria-labelledby="two-maps-title">
      <h1 id="two-maps-title" className="map-viewer-title">
        {t('maps.map2')}
      </h1>
      <div className="two-maps">
        <div>
          <MapPicker label={t('viewer.picker.left')} value={left} onChange={setLeft} />
          {left !== null && (
            <ShownMap
              mapId={left}
              syncRequest={requests.left}
              onViewChanged={(view) => follow('left', view)}
            />
          )}
        </div>
        <div>
          <MapPicker label={t('viewer.picker.right')} value={right} onChange={setRight} />
          {right !== null && (
            <ShownMap
              mapId={right}
              syncRequest={requests.right}
              onViewChanged={(view) => follow('right', view)}
            />
          )}
        </div>
      </div>
    </section>
  );
}
