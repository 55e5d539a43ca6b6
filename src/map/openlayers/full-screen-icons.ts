/**
 * OpenLayers' full-screen control labels itself with the characters ⤢ and ×, which the
 * usual system fonts lack (a box glyph shows instead), so the control gets drawn icons.
 */
const SVG_NS = 'http://www.w3.org/2000/svg';

function icon(path: string): HTMLElement {
  const span = document.createElement('span');
  span.className = 'ol-icon';
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('width', '14');
  svg.setAttribute('height', '14');
  svg.setAttribute('aria-hidden', 'true');
  const shape = document.createElementNS(SVG_NS, 'path');
  shape.setAttribute('d', path);
  shape.setAttribute('fill', 'none');
  shape.setAttribute('stroke', 'currentColor');
  shape.setAttribute('stroke-width', '2');
  shape.setAttribute('stroke-linecap', 'square');
  svg.appendChild(shape);
  span.appendChild(svg);
  return span;
}

/** Four corners pointing out: enter full screen. */
export const enterFullScreenIcon = () => icon('M1 5V1h4M11 1h4v4M15 11v4h-4M5 15H1v-4');
/** Four corners pointing in: leave full screen. */
export const leaveFullScreenIcon = () => icon('M5 1v4H1M15 5h-4V1M11 15v-4h4M1 11h4v4');
