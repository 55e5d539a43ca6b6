import 'ol/ol.css';
import GeoJSON from 'ol/format/GeoJSON';
import VectorLayer from 'ol/layer/Vector';
import OlMap from 'ol/Map';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style } from 'ol/style';
import View from 'ol/View';

/**
 * The peers' way of showing a layer: every feature of the GeoJSON file in one canvas vector
 * layer, styled like the app's points. The benchmark opens it with `?data=…&lon=…&lat=…&zoom=…`.
 */
const query = new URLSearchParams(location.search);
const target = document.getElementById('map') as HTMLElement;
const source = new VectorSource({ url: query.get('data') ?? '', format: new GeoJSON() });
let loaded = false;
source.once('featuresloadend', () => (loaded = true));
const map = new OlMap({
  target,
  layers: [
    new VectorLayer({
      background: '#c9dcea',
      source,
      style: new Style({
        image: new Circle({
          radius: 5,
          fill: new Fill({ color: '#e31a1c99' }),
          stroke: new Stroke({ color: '#e31a1c', width: 1 }),
        }),
      }),
    }),
  ],
  view: new View({
    center: fromLonLat([Number(query.get('lon')), Number(query.get('lat'))]),
    zoom: Number(query.get('zoom')),
  }),
});
// The same signal the app's map gives, so both are measured by one script; a frame drawn
// before the file has arrived shows nothing and does not count.
map.on('rendercomplete', () => {
  if (!loaded) return;
  target.dataset.renderCount = String(Number(target.dataset.renderCount ?? 0) + 1);
});
