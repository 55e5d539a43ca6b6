import type { Layer } from '@generated/model';
import { isLightColour, SWATCH_OUTLINE } from '@/map/legend/light-colour';

/** A small picture of how the layer is drawn, from its style (decorative: the name says it all). */
export function LegendSwatch({ layer }: { layer: Layer }) {
  const { stroke_color: stroke, fill_color: fill, stroke_width: width, point_radius: radius } = layer.style;
  const geometry = layer.geometry_type ?? '';
  // White or pale symbols (streets, light fills) would vanish on the panel: outline them.
  const outline = isLightColour(stroke) ? SWATCH_OUTLINE : stroke;
  return (
    <svg className="legend-swatch" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
      {geometry.includes('Point') ? (
        <circle
          cx="10"
          cy="10"
          r={Math.min(Math.max(radius, 3), 8)}
          fill={fill}
          stroke={outline}
          strokeWidth="1.5"
        />
      ) : geometry.includes('Polygon') ? (
        <rect
          x="3"
          y="3"
          width="14"
          height="14"
          fill={fill}
          fillOpacity="0.5"
          stroke={outline}
          strokeWidth="2"
        />
      ) : geometry.includes('LineString') ? (
        <>
          {outline !== stroke ? (
            <path
              d="M2 15 L8 7 L12 12 L18 4"
              fill="none"
              stroke={SWATCH_OUTLINE}
              strokeWidth={Math.min(Math.max(width, 1.5), 5) + 2}
            />
          ) : null}
          <path
            d="M2 15 L8 7 L12 12 L18 4"
            fill="none"
            stroke={stroke}
            strokeWidth={Math.min(Math.max(width, 1.5), 5)}
          />
        </>
      ) : (
        <rect x="2" y="2" width="16" height="16" fill="#cfd8dc" stroke="#90a4ae" />
      )}
    </svg>
  );
}
