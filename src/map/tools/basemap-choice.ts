import { basemapLayer, OSM_TILES, type MapLayerModel } from '../layer-model';

/** What the basemap switcher offers; `own` is the map's own XYZ tiles, offered when it has them. */
export type BasemapChoice = 'offline' | 'osm' | 'own' | 'none';

/** The map's stored basemap (docs/decisions.md#maps words) read back from the layer list the screen gave. */
export function storedBasemap(layers: readonly MapLayerModel[]): string {
  const model = layers.find((layer) => layer.key === 'basemap');
  if (!model) return 'none';
  if (model.source.kind !== 'xyz') return 'offline';
  return model.source.url === OSM_TILES ? 'osm' : model.source.url;
}

function ownTiles(stored: string): boolean {
  return !['offline', 'osm', 'none'].includes(stored);
}

export function basemapChoices(stored: string): BasemapChoice[] {
  return ownTiles(stored) ? ['own', 'offline', 'osm', 'none'] : ['offline', 'osm', 'none'];
}

export function choiceOf(stored: string): BasemapChoice {
  if (stored === 'osm' || stored === 'none') return stored;
  return ownTiles(stored) ? 'own' : 'offline';
}

/** The layers with the chosen basemap in place of the stored one (or none). */
export function withBasemap(
  layers: readonly MapLayerModel[],
  choice: BasemapChoice | null,
): readonly MapLayerModel[] {
  if (choice === null) return layers;
  const stored = storedBasemap(layers);
  if (choice === choiceOf(stored)) return layers;
  const basemap = basemapLayer(choice === 'own' ? stored : choice);
  const rest = layers.filter((layer) => layer.key !== 'basemap');
  return basemap ? [basemap, ...rest] : rest;
}

const storageKey = (mapId: number) => `atlasboard.basemap.${mapId}`;

/** The user's last choice on this map, if it is still on offer (the map's own tiles may be gone). */
export function readBasemapChoice(
  mapId: number | undefined,
  offered: readonly BasemapChoice[],
): BasemapChoice | null {
  if (mapId === undefined) return null;
  try {
    const saved = window.localStorage.getItem(storageKey(mapId));
    return offered.find((choice) => choice === saved) ?? null;
  } catch {
    // Storage can be off (private windows, policies): the map then opens on its own basemap.
    return null;
  }
}

export function saveBasemapChoice(mapId: number | undefined, choice: BasemapChoice): void {
  if (mapId === undefined) return;
  try {
    window.localStorage.setItem(storageKey(mapId), choice);
  } catch {
    // Not remembered, still shown.
  }
}
