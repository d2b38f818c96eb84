export interface BoundaryFigures {
  deepImports: number;
  moduleCycles: number;
  sqlInRouteFiles: number;
  featureImports: number;
  cliImports: number;
  foreignTableWrites: number;
  foreignTableReads: number;
  allowedTableUses: number;
}
export const TABLE_OWNERS: Record<string, string[]>;
export const READ_ALLOWANCES: Record<string, { readers: string[]; why: string }>;
export const WRITE_ALLOWANCES: Record<string, string>;
export function isTestLike(path: string): boolean;
export function tablesUsed(
  path: string,
  text: string,
  known: Map<string, string>,
  drizzleTables: Map<string, string>,
): { reads: Set<string>; writes: Set<string> };
export function checkBoundaries(files: Map<string, string>): {
  figures: BoundaryFigures;
  violations: string[];
};
