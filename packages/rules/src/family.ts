/** The ten lottery families of spec/betting.md §1, spelled as the route segments. */
export const FAMILIES = ['K3', 'SSC', 'SYX5', 'PK10', 'FC3D', 'PL35', 'KL8', 'LHC', 'BJ28', 'STOCK'] as const;
export type Family = (typeof FAMILIES)[number];

export function isFamily(value: string): value is Family {
  return (FAMILIES as readonly string[]).includes(value);
}
