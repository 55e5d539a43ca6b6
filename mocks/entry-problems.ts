/**
 * The problems of a list in a body, each under `<field>.<index>` as the server names them:
 * `problem` words what is wrong with an entry, or gives undefined when nothing is.
 */
export function entryProblems<T>(
  field: string,
  entries: readonly T[],
  problem: (entry: T) => string | undefined,
): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  entries.forEach((entry, index) => {
    const wrong = problem(entry);
    if (wrong !== undefined) problems[`${field}.${index}`] = [wrong];
  });
  return problems;
}
