import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { documentOperations, findOperation, type DocumentOperation } from '../../src/testing/response-check';

export const PACT_FILE = path.resolve('contracts/atlasboard-web-atlasboard-api.json');

/** Tags whose every operation must have a pact interaction (the accounts and the maps domain). */
export const REQUIRED_TAGS: readonly string[] = [
  'auth',
  'users',
  'maps',
  'reference',
  'layers',
  'categories',
  'searches',
  'main-search',
  'filters',
  'bookmarks',
  'features',
  'files',
  'exports',
  'water-network',
  'ogc',
];

/**
 * Operations of a required tag that may still lack an interaction, and why. Nothing else may.
 * Empty since the import/export interactions landed; a new operation added before its
 * interaction goes here with its reason.
 */
export const PENDING_OPERATIONS: Readonly<Record<string, string>> = {};

export interface PactInteraction {
  description: string;
  request: { method: string; path: string; headers?: Record<string, string | string[]> };
  response: { status: number };
}

export function readPactInteractions(file = PACT_FILE): PactInteraction[] {
  if (!existsSync(file)) {
    throw new Error(
      `${file} is missing: run the pact-consumer tests first (npx vitest run --project pact-consumer)`,
    );
  }
  const pact = JSON.parse(readFileSync(file, 'utf8')) as { interactions?: PactInteraction[] };
  return pact.interactions ?? [];
}

export function headerValue(interaction: PactInteraction, name: string): string | undefined {
  const entry = Object.entries(interaction.request.headers ?? {}).find(
    ([key]) => key.toLowerCase() === name.toLowerCase(),
  );
  const value = entry?.[1];
  return Array.isArray(value) ? value.join(', ') : value;
}

export interface Coverage {
  covered: Map<string, PactInteraction[]>;
  uncovered: DocumentOperation[];
  /** Interactions that match no operation of the document. */
  strays: PactInteraction[];
}

export function operationCoverage(interactions: readonly PactInteraction[]): Coverage {
  const covered = new Map<string, PactInteraction[]>();
  const strays: PactInteraction[] = [];
  for (const interaction of interactions) {
    const operation = findOperation(interaction.request.method, interaction.request.path);
    if (!operation) {
      strays.push(interaction);
      continue;
    }
    covered.set(operation.operationId, [...(covered.get(operation.operationId) ?? []), interaction]);
  }
  const uncovered = documentOperations.filter((operation) => !covered.has(operation.operationId));
  return { covered, uncovered, strays };
}

/** Whether an operation must have an interaction, given which ones may still be pending. */
export function requiredGiven(pending: Readonly<Record<string, string>>) {
  return (operation: DocumentOperation): boolean =>
    operation.tags.some((tag) => REQUIRED_TAGS.includes(tag)) &&
    !Object.hasOwn(pending, operation.operationId);
}

export const isRequired = requiredGiven(PENDING_OPERATIONS);

export function describeOperation(operation: DocumentOperation): string {
  return `${operation.operationId} (${operation.method.toUpperCase()} ${operation.path}) [${operation.tags.join(', ')}]`;
}
