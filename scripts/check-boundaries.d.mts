export interface BoundaryFigures {
  deepImports: number;
  moduleCycles: number;
  sqlInRouteFiles: number;
  featureImports: number;
}
export function isTestLike(path: string): boolean;
export function checkBoundaries(files: Map<string, string>): {
  figures: BoundaryFigures;
  violations: string[];
};
