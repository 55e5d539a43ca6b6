/** Disjoint sets over 0…n-1 (path halving, union by size). */
export class UnionFind {
  private readonly parent: Int32Array;
  private readonly size: Int32Array;

  constructor(count: number) {
    this.parent = new Int32Array(count).map((_, index) => index);
    this.size = new Int32Array(count).fill(1);
  }

  find(item: number): number {
    let current = item;
    while (this.parent[current] !== current) {
      const grand = this.parent[this.parent[current] as number] as number;
      this.parent[current] = grand;
      current = grand;
    }
    return current;
  }

  union(a: number, b: number): void {
    let rootA = this.find(a);
    let rootB = this.find(b);
    if (rootA === rootB) return;
    if ((this.size[rootA] as number) < (this.size[rootB] as number)) [rootA, rootB] = [rootB, rootA];
    this.parent[rootB] = rootA;
    this.size[rootA] = (this.size[rootA] as number) + (this.size[rootB] as number);
  }
}
