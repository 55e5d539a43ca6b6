import { describe, expect, it } from 'vitest';
import { documentOperations } from '../../src/testing/response-check';
import {
  describeOperation,
  isRequired,
  operationCoverage,
  PENDING_OPERATIONS,
  readPactInteractions,
  REQUIRED_TAGS,
  requiredGiven,
} from './operations-coverage';

describe('pact coverage of generated/openapi.json', () => {
  const coverage = operationCoverage(readPactInteractions());

  it('every operation of the document, whatever its tag, has an interaction unless pending', () => {
    // Replaces a test that only printed the list: an operation of a tag added later (tokens,
    // OGC API, …) is held to the same rule as the required tags.
    const missing = coverage.uncovered.filter(
      (operation) => !Object.hasOwn(PENDING_OPERATIONS, operation.operationId),
    );
    expect(missing.map(describeOperation)).toEqual([]);
  });

  it(`every ${REQUIRED_TAGS.join(', ')} operation has an interaction, except the pending ones`, () => {
    const missing = coverage.uncovered.filter(isRequired).map(describeOperation);
    expect(missing).toEqual([]);
  });

  it('every interaction matches an operation of the document', () => {
    expect(
      coverage.strays.map((interaction) => `${interaction.request.method} ${interaction.request.path}`),
    ).toEqual([]);
  });

  it('every pending operation is an operation of the document, left out for a stated reason', () => {
    const known = new Set(documentOperations.map((operation) => operation.operationId));
    expect(Object.keys(PENDING_OPERATIONS).filter((operationId) => !known.has(operationId))).toEqual([]);
    expect(Object.values(PENDING_OPERATIONS).every((reason) => reason.trim() !== '')).toBe(true);
    const byId = (operationId: string) =>
      documentOperations.find((operation) => operation.operationId === operationId);
    // The mechanism still works with nothing pending: a listed operation is let off, no other.
    const withImportPending = requiredGiven({ importLayer: 'a stated reason' });
    expect(withImportPending(byId('importLayer')!)).toBe(false);
    expect(withImportPending(byId('createLayer')!)).toBe(true);
    expect(isRequired(byId('importLayer')!)).toBe(true);
  });

  it('the check itself: a pact without interactions leaves every required operation uncovered', () => {
    const empty = operationCoverage([]);
    const required = documentOperations.filter(isRequired);
    expect(required.length).toBeGreaterThan(0);
    expect(empty.uncovered.filter(isRequired)).toEqual(required);
  });
});
