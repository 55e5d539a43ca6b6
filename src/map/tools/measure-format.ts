/**
 * How measured lengths and areas read: metres below a kilometre, then kilometres; square
 * metres below a hectare, then hectares (the units water utilities and cadastres use).
 * Numbers follow the reader's locale (decimal comma in fr, es and pt-BR).
 */
export function formatLength(metres: number, locale: string): string {
  if (metres < 1000) return `${number(metres, locale, metres < 10 ? 1 : 0)} m`;
  return `${number(metres / 1000, locale, metres < 100_000 ? 2 : 1)} km`;
}

export function formatArea(squareMetres: number, locale: string): string {
  if (squareMetres < 10_000) return `${number(squareMetres, locale, squareMetres < 10 ? 1 : 0)} m²`;
  return `${number(squareMetres / 10_000, locale, squareMetres < 1_000_000 ? 2 : 1)} ha`;
}

function number(value: number, locale: string, fractionDigits: number): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}
