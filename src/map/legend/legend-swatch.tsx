import type { LegendItem } from './legend-model';
import { isLightColour, SWATCH_OUTLINE } from './light-colour';

/** `#rrggbb` or `#rrggbbaa` as SVG takes it (a colour and an opacity). */
function paint(color: string): { color: string; opacity: number } {
  const match = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(color);
  if (!match) return { color, opacity: 1 };
  return { color: `#${match[1]}`, opacity: match[2] ? parseInt(match[2], 16) / 255 : 1 };
}

const WIDTH = 28;
const HEIGHT = 16;

/** One legend symbol drawn as the map draws it: a line, a disc or a translucent polygon. */
export function LegendSwatch({ item }: { item: Pick<LegendItem, 'geometry' | 'symbol'> }) {
  const { symbol } = item;
  const stroke = paint(symbol.strokeColor);
  const fill = paint(symbol.fillColor);
  let shape;
  if (item.geometry === 'line') {
    const d = `M2 ${HEIGHT - 4} L10 4 L18 ${HEIGHT - 4} L26 4`;
    const width = Math.min(Math.max(symbol.strokeWidth, 0.75), 8);
    shape = (
      <>
        {/* A light line (a white street) gets a grey casing, as road maps draw them. */}
        {isLightColour(symbol.strokeColor) ? (
          <path
            d={d}
            fill="none"
            stroke={SWATCH_OUTLINE}
            strokeWidth={width + 2}
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        ) : null}
        <path
          d={d}
          fill="none"
          stroke={stroke.color}
          strokeOpacity={stroke.opacity}
          strokeWidth={width}
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </>
    );
  } else if (item.geometry === 'point') {
    shape = (
      <circle
        cx={WIDTH / 2}
        cy={HEIGHT / 2}
        r={Math.min(Math.max(symbol.pointRadius, 2), 7)}
        fill={fill.color}
        fillOpacity={fill.opacity}
        stroke={isLightColour(symbol.strokeColor) ? SWATCH_OUTLINE : stroke.color}
        strokeOpacity={isLightColour(symbol.strokeColor) ? 1 : stroke.opacity}
        strokeWidth={1}
      />
    );
  } else if (item.geometry === 'polygon') {
    shape = (
      <rect
        x={3}
        y={2}
        width={WIDTH - 6}
        height={HEIGHT - 4}
        fill={fill.color}
        // As on the map (feature-style.ts): polygons are translucent.
        fillOpacity={fill.opacity * 0.35 + 0.1}
        stroke={isLightColour(symbol.strokeColor) ? SWATCH_OUTLINE : stroke.color}
        strokeOpacity={isLightColour(symbol.strokeColor) ? 1 : stroke.opacity}
        strokeWidth={Math.min(Math.max(symbol.strokeWidth, 1), 3)}
      />
    );
  } else {
    shape = <rect x={3} y={2} width={WIDTH - 6} height={HEIGHT - 4} fill="#cfd8dc" stroke="#90a4ae" />;
  }
  return (
    <svg
      className="legend-swatch"
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      aria-hidden="true"
    >
      {shape}
    </svg>
  );
}
