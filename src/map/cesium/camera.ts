import {
  Cartesian2,
  Cartesian3,
  Cartographic,
  Math as CesiumMath,
  PerspectiveFrustum,
  Rectangle,
  type Camera,
  type Scene,
} from 'cesium';
import { heightForZoom, zoomForHeight } from '../globe-view';
import type { MapViewModel } from '../map-canvas-types';

const FALLBACK_FOVY = Math.PI / 3;

function fovyOf(camera: Camera): number {
  return camera.frustum instanceof PerspectiveFrustum
    ? (camera.frustum.fovy ?? FALLBACK_FOVY)
    : FALLBACK_FOVY;
}

/** Looking straight down on the view's centre from the height that shows its zoom. */
export function cameraFor(view: MapViewModel, scene: Scene) {
  const [lon, lat] = view.center;
  const height = heightForZoom(view.zoom, lat, scene.canvas.clientHeight || 600, fovyOf(scene.camera));
  return {
    destination: Cartesian3.fromDegrees(lon, lat, height),
    // A 2D rotation turns the map clockwise; the camera turns the other way to show the same.
    orientation: {
      heading: CesiumMath.toRadians((360 - view.rotation) % 360),
      pitch: CesiumMath.toRadians(-90),
      roll: 0,
    },
  };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The camera as a 2D view: the ground point at the canvas centre, the zoom its distance shows. */
export function viewOf(scene: Scene): MapViewModel {
  const { camera, canvas } = scene;
  const centre = new Cartesian2(canvas.clientWidth / 2, canvas.clientHeight / 2);
  const ground = camera.pickEllipsoid(centre, scene.globe.ellipsoid);
  const target = ground ? Cartographic.fromCartesian(ground) : camera.positionCartographic;
  const distance = ground
    ? Cartesian3.distance(camera.positionWC, ground)
    : camera.positionCartographic.height;
  const lat = CesiumMath.toDegrees(target.latitude);
  const rotation = (((360 - CesiumMath.toDegrees(camera.heading)) % 360) + 360) % 360;
  return {
    center: [round(CesiumMath.toDegrees(target.longitude), 6), round(lat, 6)],
    zoom: zoomForHeight(distance, lat, canvas.clientHeight || 600, fovyOf(camera)),
    rotation: round(rotation, 2) % 360,
  };
}

/** The ground the camera sees as [west, south, east, north], or the whole world from far out. */
export function extentOf(scene: Scene): [number, number, number, number] {
  const rectangle = scene.camera.computeViewRectangle(scene.globe.ellipsoid) ?? Rectangle.MAX_VALUE;
  return [
    CesiumMath.toDegrees(rectangle.west),
    CesiumMath.toDegrees(rectangle.south),
    CesiumMath.toDegrees(rectangle.east),
    CesiumMath.toDegrees(rectangle.north),
  ];
}
