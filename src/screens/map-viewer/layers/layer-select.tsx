import type { Layer } from '@generated/model';

/** A choice of one of the given layers by name, its label around it at the caller's. */
export function LayerSelect({
  layers,
  value,
  onChange,
}: {
  layers: readonly Layer[];
  value: number;
  onChange: (layerId: number) => void;
}) {
  return (
    <select value={value} onChange={(event) => onChange(Number(event.target.value))}>
      {layers.map((layer) => (
        <option key={layer.id} value={layer.id}>
          {layer.name}
        </option>
      ))}
    </select>
  );
}
