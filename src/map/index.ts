export * from './layer-model';
export * from './map-canvas-types';
export { MapCanvas, MapEngineContext, type MapEngine } from './map-canvas';
export { featureExtent, featuresExtent } from './feature-extent';
export { renderMapImage, type MapImageRequest } from './map-image';
export { GlobeCanvas, GlobeEngineContext } from './globe-canvas';
export { SwipeDivider } from './swipe-divider';
