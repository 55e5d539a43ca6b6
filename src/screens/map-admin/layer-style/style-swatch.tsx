import type { GeometryType, LayerStyle } from '@generated/model';

type StyleSwatchProps = { style: LayerStyle; geometry: GeometryType | null; label: string };

/** A live preview of the layer style, drawn as the geometry it will style. */
export function StyleSwatch({ style, geometry, label }: StyleSwatchProps) {
  const stroke = style.stroke_color;
  const width = Math.min(style.stroke_width, 10);
  const kind = geometry?.replace('Multi', '') ?? 'Polygon';
  return (
    <span className="style-swatch">
      <svg width="56" height="32" viewBox="0 0 56 32" role="img" aria-label={label}>
        {kind === 'Point' ? (
          <circle
            cx="28"
            cy="16"
            r={Math.max(1, Math.min(style.point_radius, 14))}
            fill={style.fill_color}
            stroke={stroke}
            strokeWidth={width}
          />
        ) : kind === 'LineString' ? (
          <polyline
            points="4,26 20,8 36,22 52,6"
            fill="none"
            stroke={stroke}
            strokeWidth={width}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        ) : (
          <polygon
            points="6,26 14,6 44,4 50,24 28,29"
            fill={style.fill_color}
            stroke={stroke}
            strokeWidth={width}
            strokeLinejoin="round"
          />
        )}
      </svg>
    </span>
  );
}
