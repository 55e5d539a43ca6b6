import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowMap } from '@generated/api/maps/maps';
import type { MapDetail } from '@generated/model';
import { CompactSelect } from '@/components/ui/compact-select';
import { LoadError, Loading } from '@/components/ui/status';
import { MapCanvas, SwipeDivider, type MapViewModel, type SwipeSide } from '@/map';
import './swipe-compare.css';
import {
  choiceKey,
  parseChoiceKey,
  swipeModels,
  swipeOptions,
  type SwipeChoice,
  type SwipeMoments,
} from './swipe-choices';
import { SwipeMomentControl } from './swipe-moment-control';

type SwipeCompareProps = {
  leftMapId: number;
  rightMapId: number;
  /** Where the two maps were when swipe was turned on; the left map's home view otherwise. */
  initialView: MapViewModel | null;
  onViewChanged: (view: MapViewModel) => void;
  /** The moment each side shows (the address keeps them), null for now. */
  moments: SwipeMoments;
  onMomentChange: (side: SwipeSide, asOf: string | null) => void;
};

/**
 * /map2's swipe mode: one map whose left part shows one map or layer and whose right part
 * another, split by a divider the user drags (or moves with the arrow keys). Each side may
 * show its choice as it was at a moment, so "then" and "now" meet at the divider. Nothing
 * is edited here.
 */
export function SwipeCompare({ leftMapId, rightMapId, ...rest }: SwipeCompareProps) {
  const { t } = useTranslation();
  const leftQuery = useShowMap(leftMapId, { with_layers: true });
  const rightQuery = useShowMap(rightMapId, { with_layers: true });
  if (leftQuery.isError || rightQuery.isError) return <LoadError message={t('viewer.load_failed')} />;
  const leftMap = leftQuery.data?.data;
  const rightMap = rightQuery.data?.data;
  if (!leftMap || !rightMap) return <Loading />;
  return <SwipeView leftMap={leftMap} rightMap={rightMap} {...rest} />;
}

type SwipeViewProps = Omit<SwipeCompareProps, 'leftMapId' | 'rightMapId'> & {
  leftMap: MapDetail;
  rightMap: MapDetail;
};

function SwipeView({
  leftMap,
  rightMap,
  initialView,
  onViewChanged,
  moments,
  onMomentChange,
}: SwipeViewProps) {
  const { t, i18n } = useTranslation();
  const { left: leftAsOf, right: rightAsOf } = moments;
  const [left, setLeft] = useState<SwipeChoice>({ kind: 'map', mapId: leftMap.id });
  const [right, setRight] = useState<SwipeChoice>({ kind: 'map', mapId: rightMap.id });
  const [position, setPosition] = useState(0.5);
  // The start only: later moves are the map's own.
  const [startView] = useState<MapViewModel>(
    () =>
      initialView ?? {
        center: [leftMap.center[0] ?? 0, leftMap.center[1] ?? 0],
        zoom: leftMap.zoom,
        rotation: leftMap.rotation,
      },
  );
  const maps = useMemo(() => [leftMap, rightMap], [leftMap, rightMap]);
  const options = useMemo(
    () => swipeOptions(maps, (title) => t('viewer.swipe.whole_map', { title })),
    [maps, t],
  );
  const layers = useMemo(
    () => swipeModels(leftMap.basemap, left, right, maps, { left: leftAsOf, right: rightAsOf }),
    [leftMap.basemap, left, right, maps, leftAsOf, rightAsOf],
  );

  const sideName = (which: SwipeSide) => t(which === 'left' ? 'viewer.swipe.left' : 'viewer.swipe.right');
  const controls = (which: SwipeSide, value: SwipeChoice, set: (choice: SwipeChoice) => void) => (
    <div role="group" aria-label={sideName(which)} className="swipe-side-controls">
      <CompactSelect
        label={sideName(which)}
        options={options}
        value={choiceKey(value)}
        onChange={(key) => {
          const choice = parseChoiceKey(key);
          if (choice) set(choice);
        }}
      />
      <SwipeMomentControl asOf={moments[which]} onChange={(asOf) => onMomentChange(which, asOf)} />
    </div>
  );

  // Once a side shows the past, each side says which moment it shows, next to the divider.
  const dated = leftAsOf !== null || rightAsOf !== null;
  const momentLabel = (asOf: string | null) =>
    asOf
      ? t('viewer.swipe.then_label', {
          date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(
            new Date(asOf),
          ),
        })
      : t('viewer.swipe.now_label');

  return (
    <div className="swipe-compare">
      <div className="swipe-bar">
        {controls('left', left, setLeft)}
        {controls('right', right, setRight)}
      </div>
      <div className="swipe-stage">
        <MapCanvas
          className="swipe-canvas"
          layers={layers}
          initialView={startView}
          label={t('viewer.swipe.map_label')}
          mapId={leftMap.id}
          swipePosition={position}
          onViewChange={onViewChanged}
        />
        {dated && (
          <>
            <p
              className="swipe-moment-label swipe-moment-label-left"
              style={{ right: `calc(${(1 - position) * 100}% + 18px)` }}
            >
              {momentLabel(leftAsOf)}
            </p>
            <p
              className="swipe-moment-label swipe-moment-label-right"
              style={{ left: `calc(${position * 100}% + 18px)` }}
            >
              {momentLabel(rightAsOf)}
            </p>
          </>
        )}
        <SwipeDivider position={position} onChange={setPosition} label={t('viewer.swipe.divider')} />
      </div>
    </div>
  );
}
