import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { ToggleButton } from '@/components/ui/toggle-button';
import { nextViewRequestNonce, viewsDiffer, type MapViewModel, type ViewRequest } from '@/map';
import { lastViewedMapId } from '@/lib/last-map';
import { MapPicker } from '../pickers/map-picker';
import { ShownMap } from '../shell/shown-map';
import { SwipeCompare } from './swipe-compare';
import { queryWithoutSwipeMoments, queryWithSwipeMoment, swipeMomentsFromQuery } from './swipe-moments';

type Side = 'left' | 'right';

/**
 * /map2: two maps side by side at full height; moving one moves the other while linked. In
 * swipe mode each side may show its map as it was at a moment: the address keeps both
 * moments (`left_as_of`, `right_as_of`), and an address with one opens in swipe mode.
 */
export function TwoMapsScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const moments = swipeMomentsFromQuery(search);
  const [chosen, setChosen] = useState<Record<Side, number | null>>(() => ({
    left: lastViewedMapId(),
    right: lastViewedMapId(),
  }));
  const [linked, setLinked] = useState(true);
  const [requests, setRequests] = useState<Record<Side, ViewRequest | null>>({ left: null, right: null });
  const [shared, setShared] = useState<MapViewModel | null>(null);
  const [swiping, setSwiping] = useState(
    () => (moments.left !== null || moments.right !== null) && chosen.left !== null && chosen.right !== null,
  );
  const [swipeView, setSwipeView] = useState<MapViewModel | null>(null);

  // A moved map tells the other one; a map that arrived where it was asked to go says
  // nothing new, which is what stops the two from echoing each other forever.
  const follow = useCallback(
    (from: Side, view: MapViewModel) => {
      if (!linked) return;
      if (shared && !viewsDiffer(shared, view)) return;
      setShared(view);
      const request = { nonce: nextViewRequestNonce(), view };
      setRequests((current) =>
        from === 'left' ? { ...current, right: request } : { ...current, left: request },
      );
    },
    [linked, shared],
  );

  const side = (which: Side) => {
    const mapId = chosen[which];
    const picker = (
      <MapPicker
        label={t(which === 'left' ? 'viewer.picker.left' : 'viewer.picker.right')}
        value={mapId}
        onChange={(id) => setChosen((current) => ({ ...current, [which]: id }))}
      />
    );
    return (
      <div className="two-maps-side" key={which}>
        {mapId === null ? (
          <div className="viewer-bar viewer-bar-alone">{picker}</div>
        ) : (
          <ShownMap
            mapId={mapId}
            heading={picker}
            breadcrumbs={false}
            panelOpenOnWide={false}
            syncRequest={requests[which]}
            onViewChanged={(view) => follow(which, view)}
          />
        )}
      </div>
    );
  };

  // Back from swipe, both maps open where the swipe view was left.
  const toggleSwipe = (on: boolean) => {
    if (!on && swipeView) {
      const request = (view: MapViewModel) => ({ nonce: nextViewRequestNonce(), view });
      setRequests({ left: request(swipeView), right: request(swipeView) });
      setShared(swipeView);
    }
    // Side by side, both maps are now: the moments leave the address with the swipe.
    if (!on) setSearch((current) => queryWithoutSwipeMoments(current), { replace: true });
    setSwipeView(on ? shared : null);
    setSwiping(on);
  };
  const setMoment = (which: Side, asOf: string | null) =>
    setSearch((current) => queryWithSwipeMoment(current, which, asOf), { replace: true });
  const canSwipe = chosen.left !== null && chosen.right !== null;

  return (
    <section className="map-page two-maps-page" aria-labelledby="two-maps-title">
      <div className="two-maps-bar">
        <h1 id="two-maps-title" className="map-viewer-title">
          {t('maps.map2')}
        </h1>
        <Breadcrumbs />
        <div className="two-maps-modes">
          {!swiping && (
            <ToggleButton isSelected={linked} onChange={setLinked}>
              {t('viewer.shell.link_views')}
            </ToggleButton>
          )}
          <ToggleButton isSelected={swiping} onChange={toggleSwipe} isDisabled={!canSwipe}>
            {t('viewer.swipe.toggle')}
          </ToggleButton>
        </div>
      </div>
      {swiping && chosen.left !== null && chosen.right !== null ? (
        <SwipeCompare
          leftMapId={chosen.left}
          rightMapId={chosen.right}
          initialView={swipeView}
          onViewChanged={setSwipeView}
          moments={moments}
          onMomentChange={setMoment}
        />
      ) : (
        <div className="two-maps">
          {side('left')}
          {side('right')}
        </div>
      )}
    </section>
  );
}
