import type { Random } from './random.ts';

// Portuguese street names to match the town's place near Lisbon; combined with a street kind
// they give far more distinct names than the grid has rows and columns.
const NAMES = [
  'das Flores',
  'do Carmo',
  'da Prata',
  'do Ouro',
  'Augusta',
  'dos Fanqueiros',
  'da Madalena',
  'de São Bento',
  'do Alecrim',
  'da Misericórdia',
  'das Janelas Verdes',
  'do Século',
  'da Rosa',
  'do Norte',
  'da Atalaia',
  'dos Remédios',
  'da Graça',
  'do Salitre',
  'da Escola',
  'do Poço',
  'dos Lagares',
  'da Fonte',
  'do Moinho',
  'das Amoreiras',
  'dos Bacalhoeiros',
  'da Boavista',
  'do Arsenal',
  'dos Correeiros',
  'da Conceição',
  'do Loreto',
  'das Pedras Negras',
  'da Sé',
  'do Limoeiro',
  'das Gaivotas',
  'do Sol',
  'da Lapa',
  'dos Navegantes',
  'do Mirante',
  'da Horta',
  'do Vale',
  'das Laranjeiras',
  'dos Cordoeiros',
  'da Palma',
  'do Benformoso',
  'da Cerca',
  'dos Anjos',
  'do Forno',
  'da Oliveira',
  'das Olarias',
  'do Telhal',
];
const KINDS = ['Rua', 'Travessa', 'Calçada', 'Beco'];
const AVENUE_NAMES = [
  'Avenida da Liberdade',
  'Avenida da República',
  'Avenida de Roma',
  'Avenida do Brasil',
  'Avenida Almirante Reis',
  'Avenida da Igreja',
  'Avenida dos Estados Unidos',
  'Avenida de Berna',
  'Avenida Infante Santo',
  'Avenida Duque de Ávila',
  'Avenida Guerra Junqueiro',
  'Avenida Fontes',
  'Avenida do Mar',
  'Avenida dos Bombeiros',
  'Avenida da Estação',
  'Avenida 25 de Abril',
];

/** Distinct names for `count` streets. */
export function streetNames(random: Random, count: number): string[] {
  // Mostly 'Rua': the first names of the shuffled list get that kind, later ones the rarer kinds.
  const names = random.shuffle(NAMES);
  const all = KINDS.flatMap((kind) => names.map((name) => `${kind} ${name}`));
  if (count > all.length) throw new Error(`only ${all.length} street names for ${count} streets`);
  return random.shuffle(all.slice(0, count));
}

export function avenueNames(random: Random, count: number): string[] {
  if (count > AVENUE_NAMES.length) throw new Error(`only ${AVENUE_NAMES.length} avenue names`);
  return random.shuffle(AVENUE_NAMES).slice(0, count);
}
