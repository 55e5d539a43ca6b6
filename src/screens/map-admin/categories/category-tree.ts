import type { Category } from '@generated/model';

export type CategoryNode = { category: Category; depth: number; children: CategoryNode[] };

const byOrder = (a: Category, b: Category) => a.order - b.order || a.id - b.id;

/** The flat list (`parent_id` links) as a tree, siblings in their order. */
export function categoryTree(categories: readonly Category[]): CategoryNode[] {
  const known = new Set(categories.map((category) => category.id));
  const build = (parentId: number | null, depth: number, seen: Set<number>): CategoryNode[] =>
    categories
      .filter((category) =>
        parentId === null
          ? category.parent_id === null || !known.has(category.parent_id)
          : category.parent_id === parentId,
      )
      .filter((category) => !seen.has(category.id))
      .sort(byOrder)
      .map((category) => ({
        category,
        depth,
        children: build(category.id, depth + 1, new Set([...seen, category.id])),
      }));
  return build(null, 0, new Set());
}

/** Depth-first, as the tree reads top to bottom. */
export function flattenTree(nodes: readonly CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((node) => [node, ...flattenTree(node.children)]);
}

/** Select options with the nesting shown by indentation. */
export function categoryOptions(categories: readonly Category[], exceptSubtreeOf?: number) {
  const skip = new Set<number>();
  const walk = (nodes: readonly CategoryNode[], inside: boolean) => {
    for (const node of nodes) {
      const hidden = inside || node.category.id === exceptSubtreeOf;
      if (hidden) skip.add(node.category.id);
      walk(node.children, hidden);
    }
  };
  const tree = categoryTree(categories);
  if (exceptSubtreeOf !== undefined) walk(tree, false);
  return flattenTree(tree)
    .filter((node) => !skip.has(node.category.id))
    .map((node) => ({
      id: String(node.category.id),
      label: `${'— '.repeat(node.depth)}${node.category.name}`,
    }));
}
