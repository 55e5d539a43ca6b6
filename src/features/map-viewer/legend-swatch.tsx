import type { Layer } from '../../../generated/model';

/** A small picture of how the layer is drawn, from its style (decorative: the name says it all). */
export function LegendSwatch({ layer }: { layer: Layer }) {
  const { stroke_color: stroke, fill_color: fill, stroke_width: width, point_radius: radius } = layer.style;
  const geometry = layer.geometry_type ?? '';
  return (
    <svg className="legend-swatch" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
      {geometry.includes('Point') ? (
        <circle
          cx="10"
          cy="10"
          r={Math.min(Math.max(radius, 3), 8)}
          fill={fill}
          stroke={stroke}
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
          stroke={stroke}
          strokeWidth="2"
        />
      ) : geometry.includes('LineString') ? (
        <path
          d="M2 15 L8 7 L12 12 L18 4"
          fill="none"
          stroke={stroke}
          strokeWidth={Math.min(Math.max(width, 1.5), 5)}
        />
      ) : (
        <rect x="2" y="2" width="16" height="16" fill="#cfd8dc" stroke="#90a4ae" />
      )}
    </svg>
  );
}
